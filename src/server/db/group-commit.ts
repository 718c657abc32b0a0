/** Group commit for hot writes: the first call writes at once; calls that arrive while a
 * write is under way are written together by the next one (one statement, one round trip to
 * the database, however many requests). When a batch of several fails, each item is retried
 * alone, so one request's error (say, a unique violation) never fails its neighbours. */
export class GroupCommit<I, O> {
  private queue: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  private writing = false;

  /** `write` returns one result per item, in order. */
  constructor(private write: (items: I[]) => Promise<O[]>) {}

  push(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
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
      this.writing = false;
    }
  }
}
