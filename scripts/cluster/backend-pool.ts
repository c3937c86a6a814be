// Which API replica the local load balancer sends the next request to: round robin over the
// ready replicas, skipping those a request already failed on. A replica is taken out after
// `failuresToMarkDown` failed readiness checks in a row (one slow check on a busy host is not an
// outage) or at once when a request could not reach it; one passed check puts it back. When none
// is ready (PostgreSQL down, say) it still picks one, so the client hears the API's own 503.
// Pure: tested in test/unit.

export class BackendPool {
  readonly backends: readonly string[];
  private readonly ready = new Map<string, boolean>();
  private readonly failedChecks = new Map<string, number>();
  private readonly failuresToMarkDown: number;
  private cursor = 0;

  constructor(backends: readonly string[], options: { failuresToMarkDown?: number } = {}) {
    if (backends.length === 0) throw new Error('a load balancer needs at least one backend');
    this.backends = backends;
    this.failuresToMarkDown = options.failuresToMarkDown ?? 2;
    // Optimistic until the first check: a replica is only added once it answered readyz.
    for (const backend of backends) this.ready.set(backend, true);
  }

  /** A request could not reach the backend (false), or it answered again (true): takes effect at once. */
  mark(backend: string, ready: boolean): void {
    if (!this.ready.has(backend)) return;
    this.ready.set(backend, ready);
    this.failedChecks.set(backend, ready ? 0 : this.failuresToMarkDown);
  }

  /** The result of one readiness check. */
  checked(backend: string, passed: boolean): void {
    if (!this.ready.has(backend)) return;
    if (passed) {
      this.mark(backend, true);
      return;
    }
    const failed = (this.failedChecks.get(backend) ?? 0) + 1;
    this.failedChecks.set(backend, failed);
    if (failed >= this.failuresToMarkDown) this.ready.set(backend, false);
  }

  isReady(backend: string): boolean {
    return this.ready.get(backend) === true;
  }

  readyBackends(): string[] {
    return this.backends.filter((b) => this.isReady(b));
  }

  /** The next backend not in `tried`, ready ones first; undefined once every backend was tried. */
  next(tried: ReadonlySet<string> = new Set()): string | undefined {
    const untried = this.backends.filter((b) => !tried.has(b));
    if (untried.length === 0) return undefined;
    const candidates = untried.some((b) => this.isReady(b)) ? untried.filter((b) => this.isReady(b)) : untried;
    const pick = candidates[this.cursor % candidates.length];
    this.cursor = (this.cursor + 1) % Number.MAX_SAFE_INTEGER;
    return pick;
  }
}
