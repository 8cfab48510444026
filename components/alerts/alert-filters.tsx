import Link from "next/link";
import { Button } from "@/components/ui/button";
import { SEVERITY_NAMES } from "./severity-badge";

/** Severity and category filters as a plain GET form: works without JavaScript. */
export function AlertFilters({ severity, category, categories }: { severity: string | null; category: string | null; categories: { id: string; name: string }[] }) {
  return (
    <form method="get" action="/alerts/mine" className="flex flex-wrap items-end gap-3" aria-label="Filter alerts">
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        Severity
        <select name="severity" defaultValue={severity ?? ""} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm">
          <option value="">All severities</option>
          {Object.entries(SEVERITY_NAMES).map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm font-medium text-slate-800">
        Category
        <select name="category" defaultValue={category ?? ""} className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm">
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="outline">
        Apply
      </Button>
      {severity || category ? (
        <Link href="/alerts/mine" className="text-sm text-blue-700 underline">
          Clear filters
        </Link>
      ) : null}
    </form>
  );
}
