/**
 * A number as Intl.NumberFormat("en-US", { minimumFractionDigits: decimals,
 * maximumFractionDigits: decimals }) writes it: `decimals` digits after the point, commas
 * between thousands, rounded half away from zero on the number as written ("982.0115" to
 * three digits gives "982.012"), and a minus on a negative that rounds to zero ("-0.000").
 *
 * Not Intl itself: a page that builds its first Intl formatter makes the browser load its
 * locale data, 15-20 ms of main thread (60-80 ms on Lighthouse's slowed phone), which the
 * landing's counters and /alerts's dashboard would pay while the page starts
 * (docs/performance.md "The landing page's first counter", "No Intl at start-up").
 * tests/unit/animated-counter.test.ts and tests/unit/economy-dashboard-client.test.ts compare
 * it with Intl.
 */
export function formatNumber(n: number, decimals: number): string {
  const abs = Math.abs(n);
  const written = String(abs);
  // Scaling the decimal string ("982.0115e3") keeps the digits as written; abs * 1000 would not.
  const units = Math.round(written.includes("e") ? abs * 10 ** decimals : Number(`${written}e${decimals}`));
  const factor = 10 ** decimals;
  const whole = String(Math.floor(units / factor)).replace(/\B(?=(\d{3})+$)/g, ",");
  const fraction = decimals > 0 ? `.${String(units % factor).padStart(decimals, "0")}` : "";
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  return `${sign}${whole}${fraction}`;
}

/**
 * Text on one line: every run of white space, line breaks included (CR, LF, NEL, U+2028,
 * U+2029), becomes one space, and the ends are trimmed. For what a subscriber names that
 * lands in an email subject or an SMS (docs/security.md "Names on one line").
 */
export function oneLine(text: string): string {
  return text.replace(/[\s\u0085]+/g, " ").trim();
}
