/** The last `size` lag samples (ms), for a p99 over recent work rather than all time. */
export class LagWindow {
  private readonly samples: number[] = [];
  private next = 0;

  constructor(private readonly size: number) {}

  add(ms: number): void {
    if (this.samples.length < this.size) this.samples.push(ms);
    else this.samples[this.next] = ms;
    this.next = (this.next + 1) % this.size;
  }

  /** Nearest-rank percentile, rounded to 0.1 ms; null without samples. */
  percentile(p: number): number | null {
    if (!this.samples.length) return null;
    const sorted = [...this.samples].sort((a, b) => a - b);
    const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
    return Math.round((sorted[rank] ?? 0) * 10) / 10;
  }
}
