/** One holder at a time per key, in the order they asked: `take` resolves once every earlier
 * holder of the key has released, with the release to call (once; more calls do nothing).
 * For work that spans more than one call, such as an answer streamed to its end. */
export class KeyedTurns {
  private readonly last = new Map<string, Promise<void>>();

  async take(key: string): Promise<() => void> {
    const before = this.last.get(key) ?? Promise.resolve();
    let release: () => void = () => undefined;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.last.set(key, mine);
    await before;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
      if (this.last.get(key) === mine) this.last.delete(key);
    };
  }

  /** Keys with a holder or a waiter (for tests). */
  get size(): number {
    return this.last.size;
  }
}
