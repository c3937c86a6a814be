// Which failures while recording an inbox message are the infrastructure's (retrying later helps:
// the database is down, restarting or out of connections) and which are the message's (its data
// cannot be parsed or stored: retrying never helps, so it is recorded UNREADABLE and passed).
// PostgreSQL's SQLSTATE classes say which for a database error; a network error of the driver is
// always the infrastructure's. Pure.

/**
 * SQLSTATE classes of failures that a later attempt may not meet again: 08 connection exception,
 * 40 transaction rollback (serialization failure, deadlock), 53 insufficient resources, 55 object
 * not in prerequisite state (lock not available), 57 operator intervention (shutdown, cancel),
 * 58 system error, XX internal error.
 */
const RETRYABLE_SQLSTATE = /^(08|40|53|55|57|58|XX)[0-9A-Z]{3}$/;

/** Node's network error codes: the database or the network, never the message. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

export function isInfrastructureFailure(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code)) return true;
  if (/^[0-9A-Z]{5}$/.test(code)) return RETRYABLE_SQLSTATE.test(code);
  // The pool and driver say so in words when no code is set.
  const message = typeof e.message === 'string' ? e.message : '';
  return /connection (terminated|refused|timeout|ended)|timeout exceeded when trying to connect|Connection terminated|the database system is (starting up|shutting down)/i.test(
    message,
  );
}
