// A rate-limit budget's shared counter (docs/api/rate-limits.md). `bucket` is `key:<api key id>`,
// `organization:<organization id>` or `enrichment:<organization id>`; `window_start` is the epoch
// millisecond at which the current fixed window began (PostgreSQL's clock, so replicas agree);
// `used` counts the tokens leased to API replicas in that window, never more than the limit;
// `granted` is what the latest lease received (read back by that lease's RETURNING).
import { defineEntity, p } from '@mikro-orm/postgresql';

const RateLimitSchema = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limits',
  properties: {
    bucket: p.text().primary(),
    windowStart: p.bigint('number'),
    used: p.integer(),
    granted: p.integer(),
  },
});

export class RateLimit extends RateLimitSchema.class {}
RateLimitSchema.setClass(RateLimit);
