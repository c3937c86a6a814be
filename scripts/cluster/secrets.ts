// Secrets generated for one run of the cluster, so production mode starts without a development
// default: the webhook/link signing key and the /metrics bearer token.
import { randomBytes } from 'node:crypto';

export function generatedSecrets(): { WEBHOOK_SECRET_KEY: string; METRICS_TOKEN: string } {
  return {
    WEBHOOK_SECRET_KEY: randomBytes(48).toString('base64'),
    METRICS_TOKEN: randomBytes(24).toString('base64url'),
  };
}
