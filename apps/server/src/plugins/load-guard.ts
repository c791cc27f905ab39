export interface LoadGuardSettings {
  /** Queue delay (QueueDelayMeter) that counts as a standing queue. */
  maxDelayMs: number;
  /** How long the delay must stay at or above `maxDelayMs` before anything is shed. */
  sustainedMs: number;
  /** Below this many requests in flight (the arriving one included) nothing is shed. */
  minInFlight: number;
}

/**
 * Once shedding has stopped, a new overload this soon after needs only one late sample: the
 * queue is coming back, and waiting out `sustainedMs` again would let it grow that long.
 */
const REENTRY_FACTOR = 5;

/** Times kept per sample interval (a uniform sample when more requests end). */
const RESERVOIR_SIZE = 256;

/** Sample intervals whose finished requests make up the time-in-server figure. */
const WINDOW_SAMPLES = 3;
/**
 * Which of those times counts: not the median, because a busy server answers cached API reads in a
 * millisecond while every page (several turns of the loop each) waits behind the others, so the
 * median stays low while most pages are late. Sustained over several samples, the 90th percentile
 * of a busy window is not one slow page.
 */
const TIME_IN_SERVER_PERCENTILE = 0.9;

/**
 * How long a request arriving now would wait, once per sample interval: the later of the event
 * loop's lateness (before the server even reads the request) and the time in the server of the
 * requests that finished in the last few intervals (work queued behind the loop, such as
 * compression in libuv's thread pool or a page's later turns of the loop, does not show in the
 * loop's lateness).
 */
export class QueueDelayMeter {
  /** A sample of the times of the requests that ended this interval (at most RESERVOIR_SIZE). */
  private current: number[] = [];
  private currentCount = 0;
  private readonly recent: number[][] = [];
  private readonly recentCounts: number[] = [];
  private readonly recentSpans: number[] = [];
  private last = 0;

  constructor(private readonly random: () => number = Math.random) {}

  /**
   * A request ended after `ms` in the server. At 15,000 answers a second keeping (and sorting)
   * every time would cost more than the guard may; a uniform sample of them has the same percentile.
   */
  finished(ms: number): void {
    this.currentCount += 1;
    if (this.current.length < RESERVOIR_SIZE) {
      this.current.push(ms);
      return;
    }
    const slot = Math.floor(this.random() * this.currentCount);
    if (slot < RESERVOIR_SIZE) this.current[slot] = ms;
  }

  /**
   * The delay for the interval that ends now, `spanMs` long. With the span known, the wait of the
   * requests in flight is also estimated from how fast requests have been finishing (Little's law:
   * in flight ÷ finished per ms). Time in the server is only known once a request ends, so it lags
   * a growing queue by that queue's own length; the estimate sees the queue as it forms.
   */
  sample(loopDelayMs: number, inFlight: number, spanMs?: number): number {
    this.recent.push(this.current);
    this.recentCounts.push(this.currentCount);
    this.current = [];
    this.currentCount = 0;
    if (spanMs !== undefined) this.recentSpans.push(spanMs);
    if (this.recent.length > WINDOW_SAMPLES) this.recent.shift();
    if (this.recentCounts.length > WINDOW_SAMPLES) this.recentCounts.shift();
    if (this.recentSpans.length > WINDOW_SAMPLES) this.recentSpans.shift();
    const times = this.recent.flat();
    const finished = this.recentCounts.reduce((sum, count) => sum + count, 0);
    const windowMs = this.recentSpans.reduce((sum, span) => sum + span, 0);
    const queueWait = spanMs !== undefined && finished > 0 ? (inFlight * windowMs) / finished : 0;
    if (times.length > 0) {
      times.sort((a, b) => a - b);
      this.last = times[Math.ceil(TIME_IN_SERVER_PERCENTILE * times.length) - 1]!;
    } else if (inFlight === 0) {
      this.last = 0;
    }
    // Nothing finished lately but requests are in flight: the server is no faster than last time.
    return Math.max(loopDelayMs, this.last, queueWait);
  }
}

/**
 * Decides which requests to refuse, from two things only: queue delay samples (QueueDelayMeter)
 * and the requests in flight per client. No clock of its own: every timing comes with a sample,
 * so tests drive it exactly.
 *
 * - A busy server is not an overloaded one: a loop that is never idle but comes round quickly is
 *   the server at full throughput, so utilisation is not a signal at all.
 * - A delay must be *sustained* (every sample for `sustainedMs`) before shedding starts: one long
 *   garbage collection, or the machine giving the CPU to another process for a moment, is not a
 *   queue, and refusing requests would not shorten it.
 * - A trickle is never shed: with fewer than `minInFlight` requests in flight the delay is not
 *   caused by our queue (another process has the CPU), so refusing them saves nothing. Such a
 *   sample does not count towards a sustained delay either, so an idle server never says it is
 *   shedding.
 * - While shedding, only clients at or above their fair share of the requests in flight are
 *   refused, so the client that caused the queue is refused first and a visitor with one request
 *   still gets an answer. Behind one address (one heavy client, or a proxy without TRUST_PROXY)
 *   the share is everything, so shedding still works.
 */
export class LoadGuard {
  private readonly inFlightByClient = new Map<string, number>();
  private total = 0;
  /** Of `total`, the requests counted under their client (see `tracksClients`). */
  private attributed = 0;
  private lateSince: number | null = null;
  private shedding = false;
  private stoppedSheddingAt: number | null = null;
  private lastSampleAt: number | null = null;

  constructor(private readonly settings: LoadGuardSettings) {}

  /**
   * One measurement of the queue delay, taken at `atMs` (any monotonic clock). A late sample with
   * fewer than `minInFlight` requests in flight is not a queue of ours (our own background work or
   * another process has the CPU): it neither starts shedding nor keeps it going, since there is
   * nothing to refuse that would shorten it.
   */
  recordDelay(delayMs: number, atMs: number): void {
    const { maxDelayMs, sustainedMs, minInFlight } = this.settings;
    this.lastSampleAt = atMs;
    if (this.total < minInFlight) {
      this.lateSince = null;
      if (this.shedding) {
        this.shedding = false;
        this.stoppedSheddingAt = atMs;
      }
      return;
    }
    if (delayMs >= maxDelayMs) {
      this.lateSince ??= atMs;
      if (atMs - this.lateSince >= sustainedMs || this.recentlyShed(atMs)) this.shedding = true;
      return;
    }
    this.lateSince = null;
    // Hysteresis: keep shedding until the queue has clearly drained, not the moment it dips below.
    if (this.shedding && delayMs < maxDelayMs / 2) {
      this.shedding = false;
      this.stoppedSheddingAt = atMs;
    }
  }

  get isShedding(): boolean {
    return this.shedding;
  }

  /**
   * Whether requests are to be counted per client now: only while a queue may be forming (a late
   * sample), while shedding, and while a new overload would be shed at once. The rest of the time
   * the client's address (parsed from X-Forwarded-For behind a proxy) and a map entry per request
   * would be bookkeeping nobody reads, at thousands of answers a second. By the time shedding
   * starts, `sustainedMs` of requests have been counted, so the fair shares are known.
   */
  get tracksClients(): boolean {
    return (
      this.shedding || this.lateSince !== null || (this.lastSampleAt !== null && this.recentlyShed(this.lastSampleAt))
    );
  }

  get inFlight(): number {
    return this.total;
  }

  inFlightOf(client: string): number {
    return this.inFlightByClient.get(client) ?? 0;
  }

  /**
   * True (and counted until `release`) when the request may go on; false when it is to be refused.
   * `client` is null while per-client counts are not kept (`tracksClients`); the request then counts
   * in the total only, and is never refused (nothing is shed then).
   */
  admit(client: string | null): boolean {
    if (client === null) {
      this.total += 1;
      return true;
    }
    if (this.shedding && this.total + 1 >= this.settings.minInFlight && this.atOrAboveFairShare(client)) {
      return false;
    }
    this.total += 1;
    this.attributed += 1;
    this.inFlightByClient.set(client, this.inFlightOf(client) + 1);
    return true;
  }

  /** Ends a request admitted under the same `client` (null included). */
  release(client: string | null): void {
    if (client === null) {
      if (this.total > this.attributed) this.total -= 1;
      return;
    }
    const count = this.inFlightOf(client);
    if (count === 0) return;
    this.total -= 1;
    this.attributed -= 1;
    if (count === 1) this.inFlightByClient.delete(client);
    else this.inFlightByClient.set(client, count - 1);
  }

  private recentlyShed(atMs: number): boolean {
    return (
      this.stoppedSheddingAt !== null && atMs - this.stoppedSheddingAt <= REENTRY_FACTOR * this.settings.sustainedMs
    );
  }

  /**
   * With the arriving request counted: its client's requests ≥ the mean per client. Requests let in
   * before clients were counted are left out of the mean: they are nobody's share.
   */
  private atOrAboveFairShare(client: string): boolean {
    const own = this.inFlightOf(client);
    const clients = this.inFlightByClient.size + (own === 0 ? 1 : 0);
    return (own + 1) * clients >= this.attributed + 1;
  }
}
