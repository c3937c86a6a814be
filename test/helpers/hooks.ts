// Mocha root hooks: tear down the shared full-stack and mail server after the whole run.
import { stopGreenMail } from './greenmail.ts';
import { stopStack } from './stack.ts';

export const mochaHooks = {
  async afterAll(this: { timeout(ms: number): void }) {
    this.timeout(60_000);
    await stopStack();
    await stopGreenMail();
  },
};
