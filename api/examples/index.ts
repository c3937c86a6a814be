// The example of each named schema of the OpenAPI document, by component name (api/openapi-examples.ts
// shows them). One story runs through them (api/examples/ids.ts): Grace Hopper of Northwind sells to
// Ada Lovelace of Analytical Engines.
import { eventExamples } from './events.examples.ts';
import { listExamples } from './lists.examples.ts';
import { outboundExamples } from './outbound.examples.ts';
import { peopleExamples } from './people.examples.ts';
import { sequenceExamples } from './sequences.examples.ts';
import { serviceExamples } from './service.examples.ts';
import { signalExamples } from './signals.examples.ts';
import { statsExamples } from './stats.examples.ts';
import { taskExamples } from './tasks.examples.ts';

export const SCHEMA_EXAMPLES: Record<string, unknown> = {
  ...peopleExamples,
  ...sequenceExamples,
  ...taskExamples,
  ...listExamples,
  ...outboundExamples,
  ...eventExamples,
  ...signalExamples,
  ...serviceExamples,
  ...statsExamples,
};
