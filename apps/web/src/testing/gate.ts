/**
 * A promise the test opens when it wants, for holding an answer back. A handler that awaits
 * `opened` keeps its request in flight until the test calls `open()`, so what a screen shows while
 * it waits (Saving..., a busy list, disabled fields) is asserted however slow the machine: with a
 * fixed delay in the handler instead, a busy machine sometimes saw the answer arrive first.
 */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
