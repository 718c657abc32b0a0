/** The last `size` lag samples (ms), for a p99 over recent work rather than all time. */
export class LagWindow {
  private readonly samples: Float64Array;
  private count = 0;
  private next = 0;
  /** Sorted copy of the samples, kept until the next add: health is read far more often
   * than a sample arrives under a load balancer's probes, and sorting 1,000 numbers on every
   * read cost more than the rest of the health route. */
  private sorted: Float64Array | null = null;

  constructor(size: number) {
    this.samples = new Float64Array(size);
  }

  add(ms: number): void {
    this.samples[this.next] = ms;
    this.next = (this.next + 1) % this.samples.length;
    if (this.count < this.samples.length) this.count++;
    this.sorted = null;
  }

  /** Nearest-rank percentile, rounded to 0.1 ms; null without samples. */
  percentile(p: number): number | null {
    if (!this.count) return null;
    // A typed array sorts numerically in native code, with no comparator calls.
    this.sorted ??= this.samples.slice(0, this.count).sort();
    const rank = Math.min(this.count - 1, Math.max(0, Math.ceil((p / 100) * this.count) - 1));
    return Math.round((this.sorted[rank] ?? 0) * 10) / 10;
  }
}
