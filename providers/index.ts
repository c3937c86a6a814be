// The outside world the service talks to, built once per process and handed to the API and the
// activities; the sandbox implementations run offline, real adapters replace them here.
import type { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig, type Config } from '../config.ts';
import type { CrmConnector } from './crm/index.ts';
import { SandboxCrm } from './crm/sandbox.ts';
import type { Directory } from './directory/index.ts';
import { SandboxDirectory } from './directory/sandbox.ts';
import type { EnrichmentProvider } from './enrichment/index.ts';
import { SandboxEnrichment } from './enrichment/sandbox.ts';
import type { LinkedinChannel } from './linkedin/index.ts';
import { SandboxLinkedin } from './linkedin/sandbox.ts';
import type { MailTransport } from './mail/index.ts';
import { SandboxMailTransport } from './mail/sandbox.ts';
import { SmtpMailTransport } from './mail/smtp.ts';
import type { SignalDataProvider } from './signals/index.ts';
import { SandboxSignalProvider } from './signals/sandbox.ts';
import type { EmailVerifier } from './verifier/index.ts';
import { SandboxVerifier } from './verifier/sandbox.ts';

export interface Providers {
  directory: Directory;
  crm: CrmConnector;
  enrichment: EnrichmentProvider;
  verifier: EmailVerifier;
  /** SMTP when SMTP_URL is set, else the sandbox transport. */
  mail: MailTransport;
  linkedin: LinkedinChannel;
  /** Dated facts for buying signals (job postings, funding, technology, news, job changes, LinkedIn activity). */
  signals: SignalDataProvider;
}

/** `config` defaults to the environment's (loadConfig()), so callers that only have an ORM keep working. */
export function createProviders(deps: {
  orm: MikroORM;
  config?: Pick<Config, 'enrichAsyncDelayMs' | 'slowVerifyMs' | 'smtpUrl'>;
}): Providers {
  const config = deps.config ?? loadConfig();
  const directory = new SandboxDirectory(deps.orm);
  return {
    directory,
    crm: new SandboxCrm(deps.orm),
    enrichment: new SandboxEnrichment({ directory, orm: deps.orm, asyncDelayMs: config.enrichAsyncDelayMs }),
    verifier: new SandboxVerifier({ slowVerifyMs: config.slowVerifyMs }),
    mail: config.smtpUrl ? new SmtpMailTransport({ smtpUrl: config.smtpUrl }) : new SandboxMailTransport(deps.orm),
    linkedin: new SandboxLinkedin(deps.orm),
    signals: new SandboxSignalProvider(deps.orm),
  };
}
