"use client";

export type ChartTable = {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
};

/**
 * A chart's "Show as table" toggle: a plain <details>, so it opens without JavaScript. A
 * client component for the size of the page, not for interaction: from a server component
 * its rows travel in the page's RSC payload as plain arrays of strings (about 25 bytes a row)
 * instead of as a rendered tree (about 125 bytes a row), which took /alerts's 38 tables from
 * 86 kB of payload to a fifth of it (docs/performance.md "/alerts as regenerated"). The HTML is
 * the same either way: the server renders it.
 */
export function ChartTableToggle({ table }: { table: ChartTable }) {
  return (
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
  );
}
