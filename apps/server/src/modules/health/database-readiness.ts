/**
 * Whether this process can use its database, as a load balancer asks it many times a second:
 * answered from the database's last answer, at most about a second old, never by waiting on the
 * database (decision 064). That answer is the newer of the readiness ping's and the last one any
 * request got (`lastAnswerAt`): under a burst the ping waits behind those requests, and they prove
 * the database works. A failed ping newer than every answer is unready at once. The pings run only
 * once someone has asked, every half second, one at a time.
 */
export class DatabaseReadiness {
  static readonly INTERVAL_MS = 500;
  /** A ping not answered within this is a database not answering, whatever comes later. */
  static readonly STALE_MS = 1000;

  /** When the last ping ended, answered or failed. */
  #lastOkAt = -Infinity;
  #lastFailedAt = -Infinity;
  #lastOk: boolean | undefined;
  #pinging: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ping: () => Promise<void>,
    /** Told when the answer changes (and of a first failure), not at each ping: an outage is one line. */
    private readonly onChange: (ready: boolean, error?: unknown) => void,
    /** When the database last answered any statement of this process, on performance.now()'s clock. */
    private readonly lastAnswerAt: () => number = () => -Infinity,
  ) {}

  /** Ready: the last ping succeeded and is recent. The first call waits for the first ping (at most STALE_MS). */
  async ready(): Promise<boolean> {
    if (!this.#timer) {
      this.#timer = setInterval(() => void this.#check(), DatabaseReadiness.INTERVAL_MS);
      this.#timer.unref();
      await Promise.race([this.#check(), new Promise((resolve) => setTimeout(resolve, DatabaseReadiness.STALE_MS))]);
    }
    const answeredAt = Math.max(this.#lastOkAt, this.lastAnswerAt());
    return answeredAt > this.#lastFailedAt && performance.now() - answeredAt <= DatabaseReadiness.STALE_MS;
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #check(): Promise<void> {
    this.#pinging ??= this.ping()
      .then(
        () => this.#record(true),
        (error: unknown) => this.#record(false, error),
      )
      .finally(() => {
        this.#pinging = undefined;
      });
    return this.#pinging;
  }

  #record(ok: boolean, error?: unknown): void {
    const changed = ok ? this.#lastOk === false : this.#lastOk !== false;
    this.#lastOk = ok;
    if (ok) this.#lastOkAt = performance.now();
    else this.#lastFailedAt = performance.now();
    if (changed) this.onChange(ok, error);
  }
}
