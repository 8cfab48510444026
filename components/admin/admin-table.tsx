import type * as React from "react";
import { cn } from "@/lib/utils";

/** One column of an admin table: its header, how a row fills its cell, and the cell's classes. */
export type AdminColumn<R> = {
  header: React.ReactNode;
  cell: (row: R) => React.ReactNode;
  className?: string;
  /** Extra cell props (a title, for a tooltip on an abbreviation). */
  cellProps?: (row: R) => React.TdHTMLAttributes<HTMLTableCellElement>;
};

/**
 * The admin pages' table: a labelled region that scrolls sideways on a narrow screen (and
 * takes keyboard focus so it can be scrolled without a mouse), a header row and one row per
 * record. Every admin list of records uses it, so they read and behave alike.
 */
export function AdminTable<R>({
  label,
  columns,
  rows,
  rowKey,
  testId,
  className,
  headClassName = "bg-slate-100 text-slate-800",
}: {
  /** Names the scroll region for screen readers ("Dead letters"). */
  label: string;
  columns: readonly AdminColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  testId?: string;
  /** The region's classes (a border, a height limit). */
  className?: string;
  headClassName?: string;
}) {
  return (
    <div className={cn("overflow-x-auto rounded-md border focus-visible:outline-2 focus-visible:outline-ring", className)} role="region" aria-label={label} tabIndex={0} data-testid={testId}>
      <table className="w-full text-left text-sm">
        <thead className={headClassName}>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className="px-3 py-2 font-semibold">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t align-top">
              {columns.map((column, i) => (
                <td key={i} className={cn("px-3 py-2", column.className)} {...column.cellProps?.(row)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
