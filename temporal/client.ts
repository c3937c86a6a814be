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
