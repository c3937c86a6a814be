// What a webhook receiver does with each request: verify the signature on the raw body before
// trusting it. Here the request comes as JSON on stdin, `{"headers": {...}, "body": "<raw body>"}`;
// in a server, pass `req.headers` and the raw body bytes. Prints the verified payload, or exits 1.
//
//   OWS_WEBHOOK_SECRET=whsec_... node clients/typescript/examples/verify-delivery.ts < delivery.json
import { text } from 'node:stream/consumers';
import { verifyWebhook, WebhookVerificationError } from '../src/index.ts';

const secret = process.env.OWS_WEBHOOK_SECRET;
if (!secret) throw new Error('OWS_WEBHOOK_SECRET is not set');
const delivery = JSON.parse(await text(process.stdin)) as { headers: Record<string, string>; body: string };

try {
  const event = verifyWebhook<{ type: string }>(secret, delivery.body, delivery.headers);
  console.log(JSON.stringify({ verified: true, webhook_id: delivery.headers['webhook-id'], event }));
} catch (error) {
  if (!(error instanceof WebhookVerificationError)) throw error;
  console.log(JSON.stringify({ verified: false, error: error.message }));
  process.exitCode = 1;
}
