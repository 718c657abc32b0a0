/** Group commit for hot writes: the first call writes at once; calls that arrive while a
 * write is under way are written together by the next one (one statement, one round trip to
 * the database, however many requests). When a batch of several fails, each item is retried
 * alone, so one request's error (say, a unique violation) never fails its neighbours. */
export class GroupCommit<I, O> {
  private queue: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  private writing: Promise<void> | null = null;
  /** The last item pushed, settled: batches are written in order, so once it is, every item
   * pushed before it is too. */
  private last: Promise<unknown> = Promise.resolve();

  /** `write` returns one result per item, in order. With `lingerMs`, a write waits that long
   * for more items first: for writes nobody waits on, where bigger batches cost less. */
  constructor(
    private write: (items: I[]) => Promise<O[]>,
    private options: { lingerMs?: number } = {},
  ) {}

  push(item: I): Promise<O> {
    const pushed = new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.writing ??= this.drain();
    });
    this.last = pushed.catch(() => undefined);
    return pushed;
  }

  /** Resolves once nothing is queued or being written (waits out later pushes too). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Resolves once everything pushed so far has been written (or has failed); what is pushed
   * later is not waited for, so a steady stream of writes cannot hold it up. */
  async written(): Promise<void> {
    await this.last;
  }

  private async drain(): Promise<void> {
    try {
      const linger = this.options.lingerMs;
      if (linger) await new Promise((r) => setTimeout(r, linger));
      while (this.queue.length) {
        const batch = this.queue.splice(0);
        try {
          const results = await this.write(batch.map((b) => b.item));
          for (const [i, b] of batch.entries()) b.resolve(results[i] as O);
        } catch (err) {
          if (batch.length === 1) batch[0]?.reject(err);
          else for (const b of batch) await this.write([b.item]).then(([o]) => b.resolve(o as O), b.reject);
        }
      }
    } finally {
      this.writing = null;
    }
  }
}
