// `npm run bench -- mail-signing`: the CPU one sequence email costs to build and hand over, in one
// process and one run: the baseline (links tracked, the unsubscribe line alone, no signature) against
// the same email with the compliance footer and a DKIM signature (nodemailer's dkim option, RSA 2048).
// The message is built by nodemailer's stream transport, so the figure is the service's own work per
// send, without a network or a server. (The `sequences` benchmark runs on the sandbox transport,
// which never signs, so it cannot show this cost.) BENCH_MAIL_SENDS sends per variant (default 2000),
// alternated over BENCH_MAIL_ROUNDS rounds (default 5), medians printed.
import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import { trackedEmail } from '../../domain/engagement/tracking.ts';
import { envNumber } from './harness.ts';

const SENDS = envNumber('BENCH_MAIL_SENDS', 2000);
const ROUNDS = envNumber('BENCH_MAIL_ROUNDS', 5);
const BODY =
  'Hi Ada,\n\nTeams like yours tell us month-end reporting eats two days of engineering time. ' +
  'Here is how Analytical Engines got them back: https://example.com/case-study?utm=1\n\nWorth a 20-minute call?\n\nGrace';

export async function benchMailSigning(): Promise<void> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dkim = {
    domainName: 'example.com',
    keySelector: 'outreach1',
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const send = async (i: number, full: boolean) => {
    const messageId = `0b6a1a8e-5a3c-4a9e-8f1e-${String(i).padStart(12, '0')}`;
    const parts = trackedEmail({
      baseUrl: 'https://track.example.com',
      secret: 'k'.repeat(48),
      messageId,
      body: BODY,
      unsubscribeUrl: `https://outreach.example.com/u/${messageId}.abc`,
      ...(full ? { sender: { identity: 'Analytical Engines Ltd', postalAddress: '1 Main St\nLondon N1 9GU' } } : {}),
    });
    await transport.sendMail({
      from: { name: 'Grace', address: 'grace@example.com' },
      to: 'ada@example.org',
      subject: 'Month-end reporting',
      text: parts.text,
      html: parts.html,
      messageId: `<seq-${messageId}@example.com>`,
      ...(full ? { dkim } : {}),
    });
  };
  const cpuPerSend = async (full: boolean) => {
    const started = process.cpuUsage();
    for (let i = 0; i < SENDS; i++) await send(i, full);
    const used = process.cpuUsage(started);
    return (used.user + used.system) / SENDS;
  };
  await cpuPerSend(false); // warm-up of both paths
  await cpuPerSend(true);
  const baseline: number[] = [];
  const signed: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baseline.push(await cpuPerSend(false));
    signed.push(await cpuPerSend(true));
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const [before, after] = [median(baseline), median(signed)];
  console.log(`mail-signing: ${SENDS} sends x ${ROUNDS} rounds per variant (CPU per send, median of rounds)`);
  console.log(`  baseline (tracked links, unsubscribe line): ${before.toFixed(0)} µs`);
  console.log(`  footer + DKIM signature (RSA 2048):        ${after.toFixed(0)} µs`);
  console.log(`  added: ${(after - before).toFixed(0)} µs per send (x${(after / before).toFixed(2)})`);
}
