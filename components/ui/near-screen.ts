/**
 * Calls `onNear` once, when `element` comes within `margin` of the screen (at once where the
 * browser has no IntersectionObserver). Returns the clean-up for an effect. Used to fetch a
 * part's code only as the reader scrolls towards it (docs/performance.md).
 */
export function whenNearScreen(element: Element, margin: string, onNear: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    onNear();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        onNear();
      }
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
