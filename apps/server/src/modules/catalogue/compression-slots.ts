/**
 * At most `slots` compressions in flight; the rest wait their turn in order.
 *
 * Node's zlib allocates an encoder's state (a Brotli window of megabytes) when the call is made,
 * not when a thread of the pool takes it up, and the pool runs four at a time. Fifty cold answers
 * asked for at once used to hold fifty encoders: about 80 MB more resident memory for nothing, since
 * they ran four at a time anyway (issue 37's memory per process). Waiting here costs no time.
 */
export class CompressionSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {}

  async run<T>(compress: () => Promise<T>): Promise<T> {
    if (this.active >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await compress();
    } finally {
      // The slot passes to the next in line as it is, so a newcomer cannot take it in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  /** Compressions running, and waiting for a slot (for tests). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}

/** The libuv pool's size: what runs at once whatever is asked (UV_THREADPOOL_SIZE, 4 by default). */
const poolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;

/** The one gate every cached body's encodings pass through. */
export const compressionSlots = new CompressionSlots(poolSize);
