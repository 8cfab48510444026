import useSWR from "swr";
import { getJson } from "@/lib/http/client";

/**
 * The options of a category picker: the curated shopper categories first, then the groups
 * generated per HS chapter or heading for every other product (docs/tariffs.md, "Every
 * product"), each under its own heading.
 */
export type CategoryOption = { id: string; name: string; kind: string };

/**
 * The categories to pick from, from GET /api/categories (public, cached by the browser),
 * fetched once for both add forms after the page has loaded: the page's HTML and payload
 * carry none of them (docs/performance.md, "Pickers filled in the browser"). `loading` is
 * true until they are here (the pickers show it with aria-busy), `failed` when they could
 * not be fetched.
 */
export function useCategoryOptions(): { categories: readonly CategoryOption[]; loading: boolean; failed: boolean } {
  const { data, error } = useSWR<CategoryOption[]>("/api/categories", getJson, { revalidateOnFocus: false, revalidateIfStale: false });
  return { categories: data ?? [], loading: !data && !error, failed: Boolean(error) };
}

/** Said under a category picker whose categories could not be fetched. */
export function CategoriesFailed({ failed }: { failed: boolean }) {
  if (!failed) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      The categories could not be loaded. Reload the page to try again.
    </p>
  );
}

export function CategoryOptions({ categories, watched }: { categories: readonly CategoryOption[]; watched?: ReadonlySet<string> }) {
  const option = (c: CategoryOption) => (
    <option key={c.id} value={c.id} disabled={watched?.has(c.id)}>
      {c.name}
      {watched?.has(c.id) ? " (watched)" : ""}
    </option>
  );
  const curated = categories.filter((c) => c.kind === "curated");
  const groups = categories.filter((c) => c.kind !== "curated");
  if (groups.length === 0) return <>{curated.map(option)}</>;
  return (
    <>
      <optgroup label="Shopper categories">{curated.map(option)}</optgroup>
      <optgroup label="Every other product, by HS chapter or heading">{groups.map(option)}</optgroup>
    </>
  );
}
