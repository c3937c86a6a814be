// What every recording of scripts/record-histories.ts works with: one test stack, one time-skipping
// server and one organization for the whole run, the workflow clients on the worker's task queue,
// and how a history is saved. Each recordings file (scripts/histories/*-recordings.ts) builds its
// named recordings from it; the script runs them in one worker, in the order it lists them.
import type { WorkflowHandle } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/kysely.ts';
import type { TestOrg } from '../../test/helpers/fixtures.ts';
import type { Stack } from '../../test/helpers/stack.ts';
import type { Target } from '../../test/helpers/webhook-target.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';

export const DAY = 24 * 60 * 60 * 1000;

export interface RecordingSession {
  stack: Stack;
  env: TestWorkflowEnvironment;
  /** The organization most recordings share (the others make their own). */
  org: TestOrg;
  /** The stack's task queue: enrollment starts its sequence workflow there (on this test server). */
  taskQueue: string;
  workflows: WorkflowClients;
  /** Webhook targets the recordings start, closed when the run ends. */
  targets: Target[];
  /** The stack's database through a fresh EntityManager. */
  db: () => Kysely<DB>;
  /** Writes the history of `handle` as <name>.json in the histories folder. */
  save: (name: string, handle: WorkflowHandle) => Promise<void>;
  /** The first characters of a fresh UUID: the unique part of a name (an email, a URL, an event). */
  shortId: () => string;
}

/** Named recordings: each runs its workflow through one path and saves the history under that name. */
export type Recordings = Record<string, () => Promise<void>>;
