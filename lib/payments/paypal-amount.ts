/**
 * Amounts in PayPal's wire format (docs/billing.md "What is verified"): a plain decimal string with two
 * digits after the point and no thousands separators or currency sign, e.g. 123450 cents
 * -> "1234.50". The one formatter every PayPal request uses; `paypalAmountToCents` reads
 * PayPal's amounts back (null when the value is not such an amount).
 */
export function paypalAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return `${whole}.${String(rest).padStart(2, "0")}`;
}

export function paypalAmountToCents(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,12}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
