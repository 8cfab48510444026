import "server-only";
import { getDb } from "@/lib/db";
import { productSearch } from "./search";

/** How long after the server starts the search index is built: after the start's own work. */
const WARM_DELAY_MS = 3_000;

/**
 * Builds the product search's index shortly after the server starts (instrumentation.ts), so
 * the first person to search does not wait for it (docs/search.md, "Freshness"). Once per
 * process; a failure is logged and the first search builds it instead. The timer is unref'd.
 */
export function warmProductSearch(): void {
  const holder = globalThis as { __productSearchWarm?: true };
  if (holder.__productSearchWarm) return;
  holder.__productSearchWarm = true;
  setTimeout(() => {
    const started = Date.now();
    productSearch(getDb()).then(
      ({ index }) => console.info(`[product-search] index of ${index.size} HTS lines built in ${Date.now() - started} ms`),
      (error: unknown) => console.error("[product-search] could not build the index at start; the first search will", error),
    );
  }, WARM_DELAY_MS).unref();
}
