/** What counts as something a visitor reads or uses: the same list the browser test checks. */
const INTERACTIVE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** Hit-test points this far apart: a line of text or a control is taller and wider than this. */
const GRID_STEP = 12;

/** Text this close to the button still reads as under it. */
const MARGIN = 4;

function intersects(a: DOMRectReadOnly, b: DOMRectReadOnly): boolean {
  return a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom && a.width > 0 && a.height > 0;
}

/**
 * Whether any text or control of the page, apart from `own`, is painted inside `box` (grown by a
 * few pixels). Only what the browser hit-tests at a grid of points inside the box is looked at,
 * so the cost does not grow with the page and nothing off screen is laid out.
 */
export function coversContent(box: DOMRectReadOnly, own: Element): boolean {
  const area = new DOMRect(box.left - MARGIN, box.top - MARGIN, box.width + 2 * MARGIN, box.height + 2 * MARGIN);
  const hits = new Set<Element>();
  const columns = Math.ceil(area.width / GRID_STEP);
  const rows = Math.ceil(area.height / GRID_STEP);
  for (let row = 0; row <= rows; row += 1) {
    const y = Math.min(area.top + row * GRID_STEP, area.bottom - 1);
    for (let column = 0; column <= columns; column += 1) {
      const x = Math.min(area.left + column * GRID_STEP, area.right - 1);
      for (const hit of document.elementsFromPoint(x, y)) {
        if (!own.contains(hit)) hits.add(hit);
      }
    }
  }
  const range = document.createRange();
  for (const element of hits) {
    if (element.matches(INTERACTIVE)) return true;
    for (const child of element.childNodes) {
      if (child.nodeType !== Node.TEXT_NODE || (child.textContent ?? '').trim() === '') continue;
      range.selectNodeContents(child);
      for (const rect of range.getClientRects()) {
        if (intersects(rect, area)) return true;
      }
    }
  }
  return false;
}
