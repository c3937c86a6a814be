// Which API replica the local load balancer sends the next request to: round robin over the
// replicas whose readiness check last passed, skipping those a request already failed on. When
// none is ready (PostgreSQL down, say) it still picks one, so the client hears the API's own 503.
// Pure: tested in test/unit.

export class BackendPool {
  private readonly ready = new Map<string, boolean>();
  private cursor = 0;

  readonly backends: readonly string[];

  constructor(backends: readonly string[]) {
    this.backends = backends;
    if (backends.length === 0) throw new Error('a load balancer needs at least one backend');
    // Optimistic until the first check: a replica is only added once it answered readyz.
    for (const backend of backends) this.ready.set(backend, true);
  }

  /** The result of a readiness check, or of a request that could not reach the backend (false). */
  mark(backend: string, ready: boolean): void {
    if (this.ready.has(backend)) this.ready.set(backend, ready);
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
