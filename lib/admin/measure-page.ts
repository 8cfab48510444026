/**
 * Which measures /admin/tariffs shows (docs/tariffs.md "Operator side"): a page of them at a
 * time, in the overview's order. Every measure on one page made the page 2.8 MB of HTML,
 * 117,000 px tall on a phone (45 measures, each with its edit forms and the Section 301
 * lists), and slow to open for the admin as for the browser tests.
 */
export const MEASURES_PER_PAGE = 10;

export type MeasurePage<T> = {
  /** The measures on this page. */
  items: T[];
  /** 1-based. */
  page: number;
  pages: number;
  total: number;
  /** 1-based positions of the first and last measure shown (0 and 0 when there are none). */
  from: number;
  to: number;
};

/**
 * The page asked for: `?measure=<id>` opens the page holding that measure (where an added
 * measure is shown), else `?page=<n>`; a page past the end shows the last one (a link kept
 * after measures were removed), and a missing page or an unknown measure shows the first.
 * Returns null for a page that is not a whole number from 1 (the route answers 404).
 */
export function measurePage<T extends { id: string }>(measures: T[], ask: { page?: string; measure?: string }, size = MEASURES_PER_PAGE): MeasurePage<T> | null {
  const pages = Math.max(1, Math.ceil(measures.length / size));
  let page = 1;
  const at = ask.measure ? measures.findIndex((m) => m.id === ask.measure) : -1;
  if (at >= 0) page = Math.floor(at / size) + 1;
  else if (ask.page !== undefined) {
    if (!/^[1-9]\d{0,5}$/.test(ask.page)) return null;
    page = Math.min(Number(ask.page), pages);
  }
  const items = measures.slice((page - 1) * size, page * size);
  const from = items.length ? (page - 1) * size + 1 : 0;
  return { items, page, pages, total: measures.length, from, to: from ? from + items.length - 1 : 0 };
}
