// The Temporal client factory. Only process entry points (API server, worker, scripts) call it.
import { Client, Connection } from '@temporalio/client';

export interface TemporalSettings {
  address: string;
  namespace: string;
}

export async function connectTemporal(settings: TemporalSettings): Promise<{ client: Client; connection: Connection }> {
  const connection = await Connection.connect({ address: settings.address });
  return { client: new Client({ connection, namespace: settings.namespace }), connection };
}

/**
 * A client whose connection opens on first use: the API starts (and answers 503 where it needs
 * Temporal) while Temporal is still down, and recovers when it comes back.
 */
export function lazyTemporalClient(settings: TemporalSettings): { client: Client; connection: Connection } {
  const connection = Connection.lazy({ address: settings.address });
  return { client: new Client({ connection, namespace: settings.namespace }), connection };
}
