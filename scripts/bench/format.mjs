// Number formatting and the summary table.

export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
export const ratio = (x) => `${x.toFixed(2)}×`;
export const int = (n) => Math.round(n).toLocaleString("en-US");
export const ms = (n) => `${Number.isInteger(n) ? n : n.toFixed(1)} ms`;
export const seconds = (msValue) => `${(msValue / 1000).toFixed(1)} s`;

/** Prints rows `{ figure, measured, target, result }` as an aligned table. */
export function printTable(rows) {
  const headers = { figure: "Figure", measured: "Measured", target: "Target", result: "Result" };
  const cols = Object.keys(headers);
  const width = Object.fromEntries(cols.map((c) => [c, Math.max(headers[c].length, ...rows.map((r) => String(r[c] ?? "").length))]));
  const line = (r) => cols.map((c) => String(r[c] ?? "").padEnd(width[c])).join("  ").trimEnd();
  console.log(line(headers));
  console.log(cols.map((c) => "-".repeat(width[c])).join("  "));
  for (const r of rows) console.log(r.section ? `\n${r.section}` : line(r));
}
