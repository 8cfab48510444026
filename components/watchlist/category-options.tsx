/**
 * The options of a category picker: the curated shopper categories first, then the groups
 * generated per HS chapter or heading for every other product (docs/tariffs.md, "Every
 * product"), each under its own heading.
 */
export type CategoryOption = { id: string; name: string; kind: string };

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
