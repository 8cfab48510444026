"use client";

import { useState } from "react";

export type ChartTable = {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
};

/** The table itself, in a region a keyboard can scroll (axe: scrollable-region-focusable). */
function TableRegion({ table }: { table: ChartTable }) {
  return (
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
  );
}

/**
 * A chart's "Show as table" toggle: a plain <details>, so it opens without JavaScript.
 *
 * Without JavaScript the table is in the page inside <noscript>, which the browser then
 * parses as markup. With JavaScript the browser keeps <noscript> as one text node and React
 * does not hydrate it, so a closed table costs no elements: the table is drawn from the
 * props when the reader first opens the toggle. /alerts has 39 of these; their 2,600
 * elements were two thirds of the page's DOM
 * (docs/performance.md "Chart tables drawn on open").
 *
 * A client component also for the page's size: from a server component its rows travel in
 * the page's RSC payload as plain arrays of strings (about 25 bytes a row) instead of as a
 * rendered tree (about 125 bytes a row; docs/performance.md "/alerts as regenerated").
 */
export function ChartTableToggle({ table }: { table: ChartTable }) {
  const [drawn, setDrawn] = useState(false);
  return (
    <details className="group" data-testid="chart-table-toggle" onToggle={(e) => e.currentTarget.open && setDrawn(true)}>
      <summary className="chart-toggle">
        <span className="group-open:hidden">Show as table</span>
        <span className="hidden group-open:inline">Hide table</span>
      </summary>
      {drawn ? (
        <TableRegion table={table} />
      ) : (
        <noscript>
          <TableRegion table={table} />
        </noscript>
      )}
    </details>
  );
}
