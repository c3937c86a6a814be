// The test run's GreenMail (scripts/greenmail.ts): started on the first test that asks for it, on
// free ports, and stopped by the root hook, like the shared stack.
import { startGreenMail, type RunningGreenMail } from '../../scripts/greenmail.ts';

let starting: Promise<RunningGreenMail> | undefined;

export type { RunningGreenMail };

/** The shared mail server of this test process (started on first call). */
export function getGreenMail(): Promise<RunningGreenMail> {
  starting ??= startGreenMail({
    log: process.env.TEST_LOG_LEVEL ? (line) => console.error(`[greenmail] ${line}`) : undefined,
  });
  return starting;
}

export async function stopGreenMail(): Promise<void> {
  if (!starting) return;
  const server = await starting.catch(() => undefined);
  starting = undefined;
  await server?.stop();
}
