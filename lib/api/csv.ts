import { stringify } from "csv-stringify/sync";

/**
 * CSV for the API and exports (docs/api.md): RFC 4180 (CRLF line ends, a header row,
 * fields with a comma, quote, CR or LF quoted, quotes doubled), written by csv-stringify,
 * and safe to open in a spreadsheet: a text cell that starts with = + - @ (or a tab or CR,
 * which some spreadsheets skip before reading a formula) gets a leading apostrophe, so it
 * is shown as text and never run as a formula (OWASP "CSV injection"). Numbers are written
 * as numbers: a negative number is data, not a formula.
 */
export type CsvCell = string | number | boolean | null | undefined | Date;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text before quoting: the formula guard applies to text, never to numbers. */
function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return value.toISOString();
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone CR or LF: those are quoted too. */
const OPTIONS = { record_delimiter: "\r\n", quoted_match: /[\r\n]/ } as const;

/** One cell as it appears in the file. */
export function csvCell(value: CsvCell): string {
  return stringify([[cellText(value)]], OPTIONS).replace(/\r\n$/, "");
}

/** A whole file: the header row, then one row per record, each line ended by CRLF. */
export function toCsv<T>(columns: readonly { header: string; value: (row: T) => CsvCell }[], rows: readonly T[]): string {
  const records = [columns.map((c) => cellText(c.header)), ...rows.map((row) => columns.map((c) => cellText(c.value(row))))];
  return stringify(records, OPTIONS);
}

/** A CSV answer that downloads as `filename`. */
export function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
