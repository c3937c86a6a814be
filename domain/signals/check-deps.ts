// What a signal check takes and gives (domain/signals/checks.service.ts checkSignal): the leaf
// the check's parts (event-poll, fact-check, fact-candidates, after-import) share, so they import
// it rather than the check that calls them.
import type { Logger } from 'pino';
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Directory } from '../../providers/directory/index.ts';
import type { EnrichmentProvider } from '../../providers/enrichment/index.ts';
import type { SignalDataProvider } from '../../providers/signals/index.ts';
import type { SignalType } from './presets.types.ts';

export interface SignalCheckDeps {
  directory: Directory;
  enrichment: EnrichmentProvider;
  /** The verifier's slowest answer (config.slowVerifyMs): the attempt timeout of an enrollment workflow's verification. */
  slowVerifyMs: number;
  signals: SignalDataProvider;
  /** COMPANY or PEOPLE scope of a preset (domain/signals/presets.ts presetOf). */
  scopeOf: (type: SignalType) => Promise<'COMPANY' | 'PEOPLE'>;
  workflows: WorkflowClients;
  /** Called as the check makes progress (each page, each candidate, each event): the activity's heartbeat. */
  heartbeat?: () => void;
  /** Where an enrollment's start command that could not be delivered is reported. */
  logger?: Pick<Logger, 'warn'>;
}

export interface CheckResult {
  outcome: 'CHECKED' | 'NOT_ACTIVE' | 'NOT_FOUND';
  /** Rows written by this check, by status. */
  imported: number;
  skipped: number;
  /** CUSTOM_EVENT: events read (at most 500); provider signals: facts read. */
  read: number;
}
