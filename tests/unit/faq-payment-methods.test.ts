import { readFileSync } from "node:fs";
import path from "node:path";
import { FAQS } from "@/lib/faq";

/**
 * The FAQ lists only payment methods that work (docs/billing.md "Card payments"): the card form takes cards
 * only (payment_method_types ["card"], no Express Checkout Element, no wallet domain
 * registration), so Apple Pay and Google Pay are not claimed.
 */
describe("FAQ: payment methods", () => {
  const answer = FAQS.find((f) => f.id === "payment-methods")?.answer ?? "";

  it("names cards and PayPal, and offers no phone wallet", () => {
    expect(answer).toMatch(/cards through Stripe/);
    expect(answer).toMatch(/PayPal/);
    const notOffered = "Phone wallets (Apple Pay, Google Pay) are not offered.";
    expect(answer).toContain(notOffered);
    expect(answer.replace(notOffered, "")).not.toMatch(/Apple Pay|Google Pay|phone wallet/i);
  });

  it("matches what the card checkout asks Stripe for: cards only", () => {
    const checkout = readFileSync(path.join(process.cwd(), "lib/payments/card-checkout.ts"), "utf8");
    expect(checkout).toContain('payment_method_types: ["card"]');
    expect(checkout).toContain('allowed_payment_method_types: ["card"]');
  });
});
