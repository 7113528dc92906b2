/**
 * Keeps a flood of alike log lines (refused calls: 401, 403, 429) from becoming a flood
 * of log: the first few lines of each kind in a window are written, the rest only
 * counted, and the counts go out as one summary line when the window ends.
 */
export class LogSampler {
  private readonly counts = new Map<string, { written: number; skipped: number }>();

  constructor(readonly perWindow = 20) {}

  /** True: write this line. False: it is counted for the window's summary. */
  admit(kind: string): boolean {
    let count = this.counts.get(kind);
    if (!count) {
      // Kinds are few (status and reason); a bound anyway, so counting never costs memory.
      if (this.counts.size >= 1_000) return false;
      count = { written: 0, skipped: 0 };
      this.counts.set(kind, count);
    }
    if (count.written < this.perWindow) {
      count.written++;
      return true;
    }
    count.skipped++;
    return false;
  }

  /** Ends the window: the lines left out per kind (none: undefined), and a fresh window. */
  endWindow(): Record<string, number> | undefined {
    const skipped = Object.fromEntries([...this.counts].filter(([, count]) => count.skipped > 0).map(([kind, count]) => [kind, count.skipped]));
    this.counts.clear();
    return Object.keys(skipped).length > 0 ? skipped : undefined;
  }
}
