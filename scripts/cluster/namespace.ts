// The namespace the service runs in and its custom search attributes, registered once on a fresh
// cluster with the `temporal` CLI (both steps are no-ops when already done), then a probe that
// waits until the services accept a workflow carrying those attributes.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { organizationSearchAttributes, SEARCH_ATTRIBUTES } from '../../temporal/search-attributes.ts';
import { PLAIN_TEMPORAL, temporalSecurity, type TemporalTls } from '../../temporal/tls.ts';

const run = promisify(execFile);

async function cli(binary: string, args: string[], alreadyDone: RegExp): Promise<void> {
  try {
    await run(binary, args, { timeout: 30_000 });
  } catch (error) {
    const output = `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`;
    const [group, noun, verb] = args;
    if (!alreadyDone.test(output))
      throw new Error(`temporal ${group} ${noun} ${verb} failed: ${output || String(error)}`);
  }
}

export async function registerNamespace(options: {
  cli: string;
  address: string;
  namespace: string;
  retention: string;
  /** mTLS of the frontend: the CLI's flags and the probe's connection settings. */
  tls?: { cliArgs: string[]; client: TemporalTls };
  log: (line: string) => void;
}): Promise<void> {
  const target = ['--address', options.address, '--namespace', options.namespace, ...(options.tls?.cliArgs ?? [])];
  const deadline = Date.now() + 60_000;
  // Right after start the frontend may not yet see the namespace registry; retry until it answers.
  for (;;) {
    try {
      await cli(
        options.cli,
        ['operator', 'namespace', 'create', ...target, '--retention', options.retention],
        /already (registered|exists)/i,
      );
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES)) {
    await cli(
      options.cli,
      ['operator', 'search-attribute', 'create', ...target, '--name', name, '--type', type],
      /already (registered|exists)/i,
    );
  }
  options.log(`namespace ${options.namespace} with search attributes ${Object.keys(SEARCH_ATTRIBUTES).join(', ')}`);
  await waitForSearchAttributes(options.address, options.namespace, deadline, options.tls?.client ?? PLAIN_TEMPORAL);
}

/** Starts (and terminates) a workflow with the attributes until the history service's cache knows them. */
async function waitForSearchAttributes(
  address: string,
  namespace: string,
  deadline: number,
  tls: TemporalTls,
): Promise<void> {
  const connection = await Connection.connect({ address, ...temporalSecurity(tls) });
  try {
    const client = new Client({ connection, namespace });
    for (;;) {
      try {
        const handle = await client.workflow.start('searchAttributeProbe', {
          taskQueue: `probe-${randomUUID()}`,
          workflowId: `probe/${randomUUID()}`,
          typedSearchAttributes: organizationSearchAttributes({
            organizationId: 'probe',
            contactId: 'probe',
            sequenceTemplateId: 'probe',
          }),
        });
        await handle.terminate('search attribute probe');
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`search attributes not accepted: ${String(error)}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  } finally {
    await connection.close();
  }
}
