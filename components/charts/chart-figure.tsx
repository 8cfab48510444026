import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { ChartTableToggle, type ChartTable } from "./chart-table";

/**
 * A chart with its text alternative and its data (docs/experience.md "/alerts"): a <figure> whose
 * <figcaption> says in one sentence what the chart shows, with the key numbers; the SVG
 * is one image named by the title and described by that sentence; and a "Show as table"
 * toggle that is a plain <details>, so it opens without JavaScript (./chart-table.tsx).
 * Server-safe (no hooks), usable from client components too.
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
  /** The chart itself: an <svg> that takes `aria-labelledby` / `aria-describedby` from `chartLabelProps(id)` (./chart-label.ts). */
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
      <ChartTableToggle table={table} />
    </figure>
  );
}
