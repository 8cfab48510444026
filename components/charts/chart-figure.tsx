import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export type ChartTable = {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
};

/**
 * A chart with its text alternative and its data (issue 15 item 3): a <figure> whose
 * <figcaption> says in one sentence what the chart shows, with the key numbers; the SVG
 * is one image named by the title and described by that sentence; and a "Show as table"
 * toggle that is a plain <details>, so it opens without JavaScript. Server-safe (no hooks),
 * usable from client components too.
 */
export function ChartFigure({
  id,
  title,
  summary,
  source,
  table,
  children,
  testId,
  className,
  headingLevel = 3,
}: {
  /** Unique on the page: ids of the title and summary derive from it. */
  id: string;
  title: string;
  summary: string;
  source?: ReactNode;
  table: ChartTable;
  /** The chart itself: an <svg> that takes `aria-labelledby` / `aria-describedby` from `chartLabelProps(id)`. */
  children: ReactNode;
  testId?: string;
  className?: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  return (
    <figure
      data-testid={testId}
      data-chart={id}
      aria-labelledby={`${id}-title`}
      className={cn("min-w-0 rounded-lg border border-slate-200 bg-white p-4", className)}
    >
      <Heading id={`${id}-title`} className="text-base font-semibold leading-snug text-slate-900">
        {title}
      </Heading>
      <div className="mt-3">{children}</div>
      <figcaption className="mt-2 space-y-1 text-sm text-slate-700">
        <p id={`${id}-summary`} data-testid="chart-summary">
          {summary}
        </p>
        {source ? <p className="text-xs text-slate-600">{source}</p> : null}
      </figcaption>
      <details className="group mt-2 text-sm" data-testid="chart-table-toggle">
        <summary className="inline-flex min-h-6 cursor-pointer items-center rounded text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
          <span className="group-open:hidden">Show as table</span>
          <span className="hidden group-open:inline">Hide table</span>
        </summary>
        {/* Focusable so a keyboard can scroll a long table (axe: scrollable-region-focusable). */}
        <div className="mt-2 max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={`${table.caption}, table`}>
          <table className="w-full border-collapse text-left text-sm" data-testid="chart-table">
            <caption className="sr-only">{table.caption}</caption>
            <thead>
              <tr className="border-b text-xs uppercase tracking-wide text-slate-600">
                {table.columns.map((c, i) => (
                  <th key={c} scope="col" className={cn("px-2 py-1.5 font-semibold", i > 0 && "text-right")}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={`${r}-${row[0]}`} className="border-b last:border-0">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="px-2 py-1 font-medium text-slate-900">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="px-2 py-1 text-right tabular-nums text-slate-800">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** The SVG's accessible name and description: the figure's title and its summary sentence. */
export function chartLabelProps(id: string) {
  return { role: "img" as const, "aria-labelledby": `${id}-title`, "aria-describedby": `${id}-summary` };
}
