// An organization's custom tracking domain: the host its emails' click links and open pixels use
// instead of the service's public base URL. Set by the admin CLI after a DNS check that the name
// reaches the service (a CNAME to the public base URL's host, or one of its addresses); the service
// answers the tracking routes on any host, and tokens stay signed, so the domain changes only where
// the reader's browser goes.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Organization } from '../../db/entities/index.ts';
import { AdminError } from '../admin/admin.service.ts';
import { trackingBaseUrl } from '../engagement/tracking.ts';
import { hostName, pointsAt, type DnsResolve } from './dns.ts';

export interface TrackingDomainDeps {
  resolve: DnsResolve;
  /** The service's public base URL (PUBLIC_BASE_URL): the host the domain must reach. */
  publicBaseUrl: string | undefined;
}

export interface TrackingDomainRecord {
  organization_id: string;
  tracking_domain: string | null;
  /** The base URL of tracking links and pixels. */
  tracking_base_url: string | null;
}

/** Sets (or with null clears) the tracking domain, once DNS shows it reaches the service. */
export async function setTrackingDomain(
  em: EntityManager,
  deps: TrackingDomainDeps,
  organizationId: string,
  domain: string | null,
): Promise<TrackingDomainRecord> {
  const org = await em.findOne(Organization, { id: organizationId });
  if (!org) throw new AdminError(`organization ${organizationId} not found`);
  let name: string | null = null;
  if (domain !== null) {
    name = hostName(domain);
    if (!name) throw new AdminError(`${JSON.stringify(domain)} is not a host name (for example track.example.com)`);
    if (!deps.publicBaseUrl) throw new AdminError('PUBLIC_BASE_URL must be set: the tracking domain must reach it');
    const serviceHost = new URL(deps.publicBaseUrl).hostname.toLowerCase();
    if (!(await pointsAt(deps.resolve, name, serviceHost)))
      throw new AdminError(
        `${name} does not resolve to the service: publish "${name}. CNAME ${serviceHost}." (or the same A/AAAA records) and run this again`,
      );
  }
  org.trackingDomain = name;
  await em.flush();
  return { organization_id: org.id, tracking_domain: name, tracking_base_url: name ? trackingBaseUrl(name, '') : null };
}
