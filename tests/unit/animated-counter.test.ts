/**
 * @jest-environment jsdom
 */
import { formatNumber } from "@/lib/format";

// The landing page's counters write their numbers without Intl (lib/format.ts, components/landing/animated-counter.tsx):
// what a visitor reads must still be what Intl.NumberFormat("en-US") would have written.
const intl = (n: number, decimals: number) =>
  new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);

describe("formatNumber (lib/format.ts), as the counters use it", () => {
  const values = [0, 1, 9, 12, 98, 100, 999, 1000, 1234, 12_345, 123_456, 1_234_567, 98_765_432, 2.4, 0.5, 17.25, 1234.5, 3.14159, -5, -1234.5, -0.04, -0];

  it.each([0, 1, 2])("writes every counter value as Intl en-US does, %i decimals", (decimals) => {
    for (const n of values) expect(formatNumber(n, decimals)).toBe(intl(n, decimals));
  });

  it("writes each step of a count-up as Intl en-US does", () => {
    // The steps AnimatedCounter shows: the target times 1/100 ... 100/100, floored to its decimals.
    for (const [value, decimals] of [[1_250_000, 0], [38.6, 1], [145, 0]] as const) {
      const factor = 10 ** decimals;
      for (let step = 0; step <= 100; step++) {
        const shown = Math.floor(value * (step / 100) * factor) / factor;
        expect(formatNumber(shown, decimals)).toBe(intl(shown, decimals));
      }
    }
  });
});
