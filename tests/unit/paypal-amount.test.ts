import { paypalAmount, paypalAmountToCents } from "@/lib/payments/paypal-amount";

describe("PayPal amount format", () => {
  it.each([
    [0, "0.00"],
    [1, "0.01"],
    [499, "4.99"],
    [1000, "10.00"],
    [3500, "35.00"],
    [123450, "1234.50"],
    [100000000, "1000000.00"],
  ])("%p cents -> %p (no separators, no sign)", (cents, text) => {
    expect(paypalAmount(cents)).toBe(text);
    expect(paypalAmountToCents(text)).toBe(cents);
  });

  it.each([[-1], [1.5], [Number.NaN]])("refuses %p", (cents) => {
    expect(() => paypalAmount(cents)).toThrow(RangeError);
  });

  it.each([["1,234.50"], ["$10.00"], ["10.001"], [""], ["-1.00"], [10]])("does not read %p as an amount", (value) => {
    expect(paypalAmountToCents(value)).toBeNull();
  });
});
