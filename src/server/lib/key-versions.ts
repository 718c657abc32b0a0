/** A change counter per key (a mint, a user): a read that overlapped a change of its key sees
 * the number move and does not keep what it read. Keys not in the map share `floor`, which
 * bumpAll moves: past `max` keys, or when notices were missed, every key counts as changed. */
export class KeyVersions {
  private counter = 0;
  private byKey = new Map<string, number>();
  private floor = 0;

  constructor(private readonly max = 200_000) {}

  of(key: string): number {
    return this.byKey.get(key) ?? this.floor;
  }

  /** Moves with every change of any key. */
  get latest(): number {
    return this.counter;
  }

  bump(key: string): void {
    this.byKey.set(key, ++this.counter);
    if (this.byKey.size > this.max) this.bumpAll();
  }

  /** Every key moves: nothing read before matches again. */
  bumpAll(): void {
    this.byKey.clear();
    this.floor = ++this.counter;
  }
}
