import { describe, expect, it } from 'vitest';
import { TurnQueue } from '../src/plugins/turn-queue';

/** Lets the microtasks queued so far (and the ones they queue) run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A queue whose turns the test starts by hand, on a clock the jobs move. */
function handTurned(sliceMs: number) {
  const turns: (() => void)[] = [];
  const clock = { now: 0 };
  const queue = new TurnQueue(
    sliceMs,
    (run) => turns.push(run),
    () => clock.now,
  );
  const nextTurn = async () => {
    const run = turns.shift();
    if (!run) throw new Error('no turn was scheduled');
    run();
    await settle();
  };
  return { queue, turns, clock, nextTurn };
}

describe('turn queue', () => {
  it('runs jobs in arrival order, as many per turn as fit in the slice, and the rest in later turns', async () => {
    const { queue, turns, clock, nextTurn } = handTurned(2);
    const ran: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      queue.push(() => {
        ran.push(i);
        clock.now += 1;
      });
    }
    // One turn is asked for, however many jobs arrive before it.
    expect(turns).toHaveLength(1);
    expect(ran).toEqual([]);

    await nextTurn();
    expect(ran).toEqual([0, 1]);
    expect(queue.waiting).toBe(3);
    expect(turns).toHaveLength(1);

    await nextTurn();
    expect(ran).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    expect(queue.waiting).toBe(0);
    expect(turns).toHaveLength(0);
  });

  it('runs one job per turn when each takes longer than the slice (a turn always makes progress)', async () => {
    const { queue, clock, nextTurn } = handTurned(2);
    const ran: string[] = [];
    for (const name of ['render a', 'render b', 'render c']) {
      queue.push(() => {
        ran.push(name);
        clock.now += 15;
      });
    }
    await nextTurn();
    expect(ran).toEqual(['render a']);
    await nextTurn();
    expect(ran).toEqual(['render a', 'render b']);
  });

  it('lets the awaits a job queued run before the next job starts, within the same turn', async () => {
    const { queue, turns, nextTurn } = handTurned(2);
    const ran: string[] = [];
    queue.push(() => {
      ran.push('first starts');
      void Promise.resolve().then(() => ran.push('first ends'));
    });
    queue.push(() => ran.push('second'));
    await nextTurn();
    expect(ran).toEqual(['first starts', 'first ends', 'second']);
    expect(turns).toHaveLength(0);
  });

  it('asks for a new turn when work arrives after the queue ran dry', async () => {
    const { queue, turns, nextTurn } = handTurned(2);
    const ran: string[] = [];
    queue.push(() => ran.push('early'));
    await nextTurn();
    expect(turns).toHaveLength(0);
    queue.push(() => ran.push('late'));
    expect(turns).toHaveLength(1);
    await nextTurn();
    expect(ran).toEqual(['early', 'late']);
  });

  it('keeps order through thousands of jobs (the front of the list is dropped in batches)', async () => {
    const { queue, clock, turns, nextTurn } = handTurned(1000);
    const ran: number[] = [];
    for (let i = 0; i < 5000; i += 1) {
      queue.push(() => {
        ran.push(i);
        clock.now += 0.25;
      });
    }
    while (turns.length > 0) await nextTurn();
    expect(ran).toHaveLength(5000);
    expect(ran.every((value, index) => value === index)).toBe(true);
  });

  it('runs its turns on the real event loop by default', async () => {
    const queue = new TurnQueue(2);
    const ran: number[] = [];
    for (let i = 0; i < 3; i += 1) queue.push(() => ran.push(i));
    expect(ran).toEqual([]);
    await settle();
    await settle();
    expect(ran).toEqual([0, 1, 2]);
  });
});
