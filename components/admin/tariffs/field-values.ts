/** "6403, 6404.11" -> ["6403", "6404.11"]: a comma, space or newline separated list. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A percent typed by the operator ("25", "7.5") as a fraction (0.25, 0.075); blank = null; NaN stays NaN for the server to refuse. */
export function percentToFraction(text: string): number | null {
  const t = text.trim().replace(/%$/, "");
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? Number((n / 100).toFixed(6)) : Number.NaN;
}

export function fractionToPercent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? "" : String(Number((rate * 100).toFixed(4)));
}
