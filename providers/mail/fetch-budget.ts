// The bytes of inbox messages one worker process holds at once, over all its syncs: a batch takes
// its bytes before it is fetched and gives them back once it is recorded; a batch that does not
// fit waits its turn (first come, first served), so hundreds of syncs catching up together cannot
// hold more than the budget in fetched mail, whatever the mail.
export class ByteBudget {
  readonly capacity: number;
  private used = 0;
  private readonly waiting: { bytes: number; grant: () => void }[] = [];

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** Bytes taken now. */
  get inUse(): number {
    return this.used;
  }

  /** Batches waiting for their bytes. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Takes `bytes` (at most the whole budget) once they are free; resolves to the function that gives them back (once). */
  async acquire(bytes: number): Promise<() => void> {
    const wanted = Math.min(Math.max(0, bytes), this.capacity);
    if (!this.waiting.length && this.used + wanted <= this.capacity) this.used += wanted;
    else await new Promise<void>((grant) => this.waiting.push({ bytes: wanted, grant }));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= wanted;
      this.grantWaiting();
    };
  }

  private grantWaiting(): void {
    while (this.waiting.length && this.used + this.waiting[0].bytes <= this.capacity) {
      const next = this.waiting.shift()!;
      this.used += next.bytes;
      next.grant();
    }
  }
}
