/**
 * Reads until `accept` holds or `withinMs` has passed, and answers the last read with how long it
 * took. For what another process (or a background rebuild) makes visible in its own time: the
 * caller asserts on the answer, so a read that never turns fails with what it last saw.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  withinMs = 5000,
): Promise<{ value: T; elapsedMs: number }> {
  const startedAt = Date.now();
  for (;;) {
    const value = await read();
    const elapsedMs = Date.now() - startedAt;
    if (accept(value) || elapsedMs >= withinMs) return { value, elapsedMs };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
