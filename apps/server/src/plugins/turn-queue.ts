import { performance } from 'node:perf_hooks';

type Job = () => void;

/**
 * Runs the requests the server has read a slice of the event loop's time per turn, first come
 * first served, and leaves the rest for the next turn.
 *
 * Why (decision 037): Node 20 accepts one new connection per turn of its loop (decision 025). A
 * turn that runs every request whose bytes arrived in it lasts as long as all of them together, so
 * under load a turn took 100 ms and more, the server accepted ~40 connections a second, the
 * kernel's accept queue filled and browsers waited 1 s, 3 s, 7 s to send their SYN again. With a
 * slice the turns stay short whatever is waiting, new connections are accepted as they come, and
 * the wait moves to this queue, where the load guard sees it as time in the server.
 *
 * The next job starts in a microtask, after the ones the previous job had queued when it returned,
 * so with SQLite (whose calls return at once) a request mostly runs to its end before the next one
 * starts and the slice is measured on whole requests; a request that awaits real I/O (a file,
 * PostgreSQL) goes on in a later turn, as it always did.
 */
export class TurnQueue {
  private jobs: (Job | undefined)[] = [];
  private head = 0;
  /** A turn (or the next job of this one) is scheduled. */
  private pending = false;
  private sliceEndsAt = 0;

  constructor(
    private readonly sliceMs: number,
    private readonly nextTurn: (run: () => void) => void = (run) => setImmediate(run),
    private readonly now: () => number = () => performance.now(),
  ) {}

  get waiting(): number {
    return this.jobs.length - this.head;
  }

  push(job: Job): void {
    this.jobs.push(job);
    if (this.pending) return;
    this.pending = true;
    this.nextTurn(this.startTurn);
  }

  private readonly startTurn = (): void => {
    this.sliceEndsAt = this.now() + this.sliceMs;
    this.runOne();
  };

  private readonly runOne = (): void => {
    const job = this.take();
    try {
      job?.();
    } finally {
      this.continueAfter();
    }
  };

  private continueAfter(): void {
    if (this.waiting === 0) {
      this.pending = false;
      return;
    }
    // A microtask runs after the ones the job queued (its awaits); a setImmediate queued now runs
    // in the next turn, after the loop has polled (and accepted a connection).
    if (this.now() < this.sliceEndsAt) queueMicrotask(this.runOne);
    else this.nextTurn(this.startTurn);
  }

  private take(): Job | undefined {
    const job = this.jobs[this.head];
    this.jobs[this.head] = undefined;
    this.head += 1;
    if (this.head === this.jobs.length) {
      this.jobs = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.jobs.length) {
      // Drop the run-through front now and then rather than shifting the array per job.
      this.jobs = this.jobs.slice(this.head);
      this.head = 0;
    }
    return job;
  }
}
