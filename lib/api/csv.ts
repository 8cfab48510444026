/**
 * CSV for the API and exports (docs/api.md): RFC 4180 (CRLF line ends, a header row,
 * fields with a comma, quote, CR or LF quoted, quotes doubled) and safe to open in a
 * spreadsheet: a text cell that starts with = + - @ (or a tab or CR, which some
 * spreadsheets skip before reading a formula) gets a leading apostrophe, so it is shown
 * as text and never run as a formula (OWASP "CSV injection"). Numbers are written as
 * numbers: a negative number is data, not a formula.
 */
export type CsvCell = string | number | boolean | null | undefined | Date;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as it appears in the file. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "number") text = Number.isFinite(value) ? String(value) : "";
  else if (typeof value === "boolean") text = value ? "true" : "false";
  else if (value instanceof Date) text = value.toISOString();
  else text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header row, then one row per record, each line ended by CRLF. */
export function toCsv<T>(columns: readonly { header: string; value: (row: T) => CsvCell }[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
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
