/** What was left out in one second, by kind (e.g. a status class: `2xx`, `5xx`). */
export type SkippedCounts = Record<string, number>;

const WINDOW_MS = 1000;

/** Lines a second for failed requests, apart from the other request lines so a flood cannot hide them. */
export const FAILURE_LINES_PER_SECOND = 20;

/**
 * How many log lines of one kind may be written each second. What goes over is counted instead
 * and reported in one line once the second is over, so a flood of requests (or of refusals while
 * shedding load) writes a bounded number of lines however large it is, and logs cannot fill the disk.
 */
export class LogAllowance {
  private windowStart = Number.NEGATIVE_INFINITY;
  private used = 0;
  private skipped = new Map<string, number>();
  private reportTimer: NodeJS.Timeout | undefined;

  constructor(
    /** Lines a second; 0: no limit. */
    private readonly perSecond: number,
    private readonly report: (skipped: SkippedCounts, total: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether one more line may be written now. */
  take(): boolean {
    const now = this.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.flush();
      this.windowStart = now;
      this.used = 0;
    }
    if (this.perSecond !== 0 && this.used >= this.perSecond) return false;
    this.used += 1;
    return true;
  }

  /** Counts a line that was not written, to be reported within a second. */
  skip(kind: string): void {
    this.skipped.set(kind, (this.skipped.get(kind) ?? 0) + 1);
    // A timer only while something waits to be reported: a quiet server keeps none.
    this.reportTimer ??= setTimeout(() => {
      this.reportTimer = undefined;
      this.flush();
    }, WINDOW_MS).unref();
  }

  /** Reports what was skipped so far, if anything. */
  flush(): void {
    if (this.reportTimer !== undefined) {
      clearTimeout(this.reportTimer);
      this.reportTimer = undefined;
    }
    if (this.skipped.size === 0) return;
    const counts = Object.fromEntries(this.skipped);
    this.skipped = new Map();
    this.report(
      counts,
      Object.values(counts).reduce((sum, n) => sum + n, 0),
    );
  }
}

export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}
