/** A page's `searchParams` prop as Next 16 passes it: a promise of the query's values. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The first value of a query parameter that may be given several times. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
