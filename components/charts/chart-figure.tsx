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
      className={cn("chart-figure", className)}
    >
      <Heading id={`${id}-title`}>
        {title}
      </Heading>
      <div>{children}</div>
      <figcaption>
        <p id={`${id}-summary`} data-testid="chart-summary">
          {summary}
        </p>
        {source ? <p className="text-xs text-slate-600">{source}</p> : null}
      </figcaption>
      <details className="group" data-testid="chart-table-toggle">
        <summary className="chart-toggle">
          <span className="group-open:hidden">Show as table</span>
          <span className="hidden group-open:inline">Hide table</span>
        </summary>
        {/* Focusable so a keyboard can scroll a long table (axe: scrollable-region-focusable). */}
        <div tabIndex={0} role="region" aria-label={`${table.caption}, table`}>
          <table className="chart-table" data-testid="chart-table">
            <caption className="sr-only">{table.caption}</caption>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={i}>{cell}</td>
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
