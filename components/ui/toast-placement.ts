/**
 * Where a toast goes so that it covers neither the header nor the content it reports on
 * (docs/experience.md "Navigation"). The toast column sits at the bottom
 * of the window (full width below the tablet breakpoint, 420 px at the right from it); when
 * there it would cover the form or control the visitor just used, it moves to the top,
 * just below the site header. The "content it reports on" is remembered from the
 * visitor's last pointer press or focus (ToastHost listens), since a toast is usually the
 * answer to a submit.
 */

export type Rect = { top: number; bottom: number; left: number; right: number };
export type ToastEdge = "top" | "bottom";

/** The area two rectangles share (0 when they do not touch). */
export function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * The bottom edge, unless the toast would cover `anchor` there; then the top edge (below
 * the header), unless that covers it too, in which case the edge that covers less.
 * `measure(edge)` puts the toast at that edge and returns where it landed.
 */
export function chooseToastEdge(anchor: Rect | null, measure: (edge: ToastEdge) => Rect): ToastEdge {
  if (!anchor) return "bottom";
  const atBottom = overlapArea(measure("bottom"), anchor);
  if (atBottom === 0) return "bottom";
  const atTop = overlapArea(measure("top"), anchor);
  return atTop < atBottom ? "top" : "bottom";
}

/**
 * The content a toast reports on, from the element the visitor last pressed or focused:
 * its form when the form fits in half the window (a newsletter or watchlist form), else
 * the element itself (a long checkout form cannot be avoided whole; its button can).
 */
export function anchorFor(element: Element | null, viewportHeight: number): Element | null {
  if (!element || !element.isConnected) return null;
  const form = element.closest("form, [data-toast-anchor]");
  if (form && form.getBoundingClientRect().height <= viewportHeight / 2) return form;
  return element;
}

/** The last anchor, and where it was in the document (for a form swapped out since). */
let last: { element: Element; page: Rect } | null = null;

/** Remembers what the visitor last pressed or focused (not the toast itself). */
export function rememberInteraction(target: EventTarget | null): void {
  if (!(target instanceof Element) || target.closest("[data-toast-region]")) return;
  const element = anchorFor(target, window.innerHeight);
  if (!element) return;
  const r = element.getBoundingClientRect();
  const { scrollX: x, scrollY: y } = window;
  last = { element, page: { top: r.top + y, bottom: r.bottom + y, left: r.left + x, right: r.right + x } };
}

/**
 * Where the content the next toast reports on is in the window now. A form that was
 * replaced since (a placeholder form swapped for the full one, same markup, same place)
 * is taken where it was.
 */
export function currentToastAnchor(): Rect | null {
  if (!last) return null;
  if (last.element.isConnected) {
    const { top, bottom, left, right } = last.element.getBoundingClientRect();
    return { top, bottom, left, right };
  }
  const { scrollX: x, scrollY: y } = window;
  return { top: last.page.top - y, bottom: last.page.bottom - y, left: last.page.left - x, right: last.page.right - x };
}

/**
 * The bottom of the site header while it is on screen (0 when scrolled away): headers
 * marked data-site-header and any sticky or fixed header at the top of the window.
 */
export function headerBottom(): number {
  let bottom = 0;
  for (const header of document.querySelectorAll("header")) {
    const rect = header.getBoundingClientRect();
    if (rect.bottom <= 0 || rect.top > 1) continue;
    const position = getComputedStyle(header).position;
    if (header.hasAttribute("data-site-header") || position === "sticky" || position === "fixed") {
      bottom = Math.max(bottom, rect.bottom);
    }
  }
  return Math.min(bottom, window.innerHeight / 3);
}
