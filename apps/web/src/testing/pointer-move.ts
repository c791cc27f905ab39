/**
 * A pointermove as Chromium dispatches it, with how far the pointer went: jsdom has no
 * PointerEvent, and a move of 0 × 0 is Chromium's own (lib/visitor-intent.ts, isVisitorsOwn).
 */
export const pointerMove = (movementX: number, movementY: number): Event =>
  Object.defineProperties(new Event('pointermove'), {
    movementX: { value: movementX },
    movementY: { value: movementY },
  });
