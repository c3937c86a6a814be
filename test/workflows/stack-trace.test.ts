// Where a run waits, as an operator reads it in the Temporal UI ("Stack Trace" tab): the
// `__stack_trace` and `__enhanced_stack_trace` queries answer the source-mapped frames of the
// workflow's pending promises (the SDK's promise hook records each one's stack): these tests hold
// the answer to the lines of our own source.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { useTimeSkippingWorker } from '../helpers/time-skipping.ts';
import { insertContact, insertTemplate, messagesOf, startRunOnSuite, until } from '../helpers/sequence-fixtures.ts';

interface Location {
  file_path?: string;
  function_name?: string;
  line?: number;
  column?: number;
}
interface EnhancedStackTrace {
  sdk: { name: string };
  stacks: { locations: Location[] }[];
}

const WORKFLOW_FILE = 'workflows/sequence.workflow.ts';

/** The 1-based line of the only line of the workflow's source that contains `text`. */
function lineOf(text: string): number {
  const lines = readFileSync(new URL(`../../${WORKFLOW_FILE}`, import.meta.url), 'utf8').split('\n');
  const found = lines.flatMap((line, i) => (line.includes(text) ? [i + 1] : []));
  assert.equal(found.length, 1, `one line of ${WORKFLOW_FILE} contains ${text}`);
  return found[0];
}

/** A line of __stack_trace (`    at name (path:line:column)` or `    at path:line:column`) as a location. */
function parseFrame(frame: string): Location {
  const match = /^\s+at (?:(.+) \((.+):(\d+):(\d+)\)|(.+):(\d+):(\d+))$/.exec(frame);
  assert.ok(match, frame);
  const [, name, path, line, column, barePath, bareLine, bareColumn] = match;
  return name === undefined
    ? { function_name: undefined, file_path: barePath, line: Number(bareLine), column: Number(bareColumn) }
    : { function_name: name, file_path: path, line: Number(line), column: Number(column) };
}

describe("a run's stack trace for operators (time-skipping)", function () {
  this.timeout(120_000);
  const ts = useTimeSkippingWorker('stack-trace');

  /** A run that sent its first email and waits two days for the second. */
  async function waitingRun() {
    const contactId = await insertContact(ts.stack, ts.org.organizationId, {
      email: `st-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Ada',
    });
    const templateId = await insertTemplate(
      ts.stack,
      ts.org.organizationId,
      [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello.' },
        { type: 'EMAIL', delay_days: 2, subject: 'Again', body: 'Following up.' },
      ],
      { senderUserId: ts.org.userId },
    );
    const { sequenceId, handle } = await startRunOnSuite(ts, contactId, templateId);
    await until(async () => (await messagesOf(ts.stack, sequenceId)).length >= 1);
    return handle;
  }

  // A frame is named as the source map names its position (the function called there): the run
  // waiting on its step's delay shows `waitUntil` at the line of sleepUntil that awaits it, then
  // `sleepUntil` at the line of the run that awaits the delay.
  const waitLine = () => lineOf('await waitUntil(() => false, untilMs - now());');
  const delayLine = () => lineOf("await sleepUntil('DELAY',");

  it("when an operator asks where a waiting run is, then __stack_trace names the lines of the workflow source that wait on the step's delay", async () => {
    const handle = await waitingRun();
    const trace = await handle.query<string>('__stack_trace');
    const frame = (name: string, line: number) => `\\s+at ${name} \\(\\S*${WORKFLOW_FILE}:${line}:\\d+\\)`;
    assert.match(trace, new RegExp(`${frame('waitUntil', waitLine())}\\n${frame('sleepUntil', delayLine())}`));
    // The hook that recorded the stack and the SDK's own activation frames are cut off.
    assert.doesNotMatch(trace, /promise_hooks|vm-shared|runInContext \(node:vm|NextHandler/);
    assert.ok(
      trace.split('\n').every((line) => line === '' || /^\s+at /.test(line)),
      trace,
    );
  });

  it('when the Temporal UI asks for the enhanced stack trace, then its locations are source-mapped to our files with function, line and column', async () => {
    const handle = await waitingRun();
    const enhanced = await handle.query<EnhancedStackTrace>('__enhanced_stack_trace');
    assert.equal(enhanced.sdk.name, 'typescript');
    const ours = (location: Location) => location.file_path?.endsWith(WORKFLOW_FILE) ?? false;
    const waiting = enhanced.stacks
      .map((stack) => stack.locations)
      .find((locations) => locations.length === 2 && locations.every(ours));
    assert.ok(waiting, JSON.stringify(enhanced.stacks));
    assert.deepEqual(
      waiting.map(({ function_name, line }) => ({ function_name, line })),
      [
        { function_name: 'waitUntil', line: waitLine() },
        { function_name: 'sleepUntil', line: delayLine() },
      ],
    );
    assert.ok(waiting.every((location) => Number.isInteger(location.column)));
    // The same stacks as __stack_trace, frame for frame.
    const formatted = (await handle.query<string>('__stack_trace')).split('\n\n').map((stack) =>
      stack
        .split('\n')
        .filter((line) => line !== '')
        .map(parseFrame),
    );
    assert.deepEqual(
      enhanced.stacks.map((stack) =>
        stack.locations.map(({ function_name, file_path, line, column }) => ({
          function_name,
          file_path,
          line,
          column,
        })),
      ),
      formatted,
    );
    const locations = enhanced.stacks.flatMap((stack) => stack.locations);
    assert.ok(
      !locations.some((location) => location.function_name === 'initAll' || /vm-shared/.test(location.file_path ?? '')),
      JSON.stringify(locations),
    );
  });
});
