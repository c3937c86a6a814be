// `admin privacy-scan`: proof of erasure. Counts, in every text and JSON column of every table (of
// the organization where the table has one), the rows that contain the person's email, name,
// LinkedIn URL or phone (domain/erasure/privacy-scan.ts), and prints table, column and count per hit.
// After an erasure the service's tables have none; the suppression hash is reported apart.
import { useSuppressionHashKey } from '../domain/people/suppression-hash.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.ts';
import { AdminError } from '../domain/admin/admin.service.ts';
import { privacyScan, type ScanReport } from '../domain/erasure/privacy-scan.ts';

export const SCAN_OPTIONS = {
  phone: { type: 'string' },
} as const;

export async function runPrivacyScan(
  em: EntityManager,
  config: Config,
  flags: { org?: string; email?: string; name?: string; linkedin?: string; phone?: string; json?: boolean },
): Promise<ScanReport | ScanReport['hits']> {
  useSuppressionHashKey(config.suppressionHashKey);
  if (!flags.email && !flags.name && !flags.linkedin && !flags.phone)
    throw new AdminError('give at least one of --email, --name, --linkedin, --phone');
  const report = await privacyScan(em, config.webhookSecretKey, {
    organizationId: flags.org ?? null,
    email: flags.email,
    name: flags.name,
    linkedinUrl: flags.linkedin,
    phone: flags.phone,
  });
  if (flags.json) return report;
  console.error(
    `note: ${report.columns_scanned} columns scanned; ${report.service_hits} hit(s) in the service's tables; ` +
      `suppression hash ${report.suppressed ? 'kept' : 'absent'}`,
  );
  return report.hits;
}
