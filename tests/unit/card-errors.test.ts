import {
  CARD_DETAILS_FALLBACK,
  cardErrorMessage,
  VALIDATION_MESSAGE,
} from "@/lib/payments/card-errors";

describe("cardErrorMessage (docs/product-rules.md §8)", () => {
  it("explains a decline, suggesting the wallet only where the page has one", () => {
    const declined = { type: "card_error", code: "card_declined", message: "Your card was declined." };
    expect(cardErrorMessage(declined)).toBe("Your card was declined. Please try a different card or contact your bank.");
    expect(cardErrorMessage(declined, { wallet: "PayPal" })).toBe(
      "Your card was declined. Please try a different card or contact your bank, or use PayPal.",
    );
  });

  it("names insufficient funds whether it comes as the decline code or the code", () => {
    const expected = "Insufficient funds. Please check your account balance.";
    expect(cardErrorMessage({ type: "card_error", code: "card_declined", decline_code: "insufficient_funds" })).toBe(expected);
    expect(cardErrorMessage({ type: "card_error", code: "insufficient_funds" })).toBe(expected);
  });

  it("maps the other specific codes to the catalogue's texts", () => {
    expect(cardErrorMessage({ type: "card_error", code: "expired_card" })).toBe("Your card has expired. Please use a different card.");
    expect(cardErrorMessage({ type: "card_error", code: "card_declined", decline_code: "expired_card" })).toBe(
      "Your card has expired. Please use a different card.",
    );
    expect(cardErrorMessage({ type: "card_error", code: "incorrect_cvc" })).toBe(
      "The security code is incorrect. Please check and try again.",
    );
    expect(cardErrorMessage({ type: "card_error", code: "processing_error" })).toBe("A processing error occurred. Please try again.");
    expect(cardErrorMessage({ type: "card_error", code: "processing_error" }, { wallet: "PayPal" })).toBe(
      "A processing error occurred. Please try again or use PayPal.",
    );
  });

  it("prefixes other card errors with 'Card error: ' and appends the wallet suggestion", () => {
    const other = { type: "card_error", code: "card_not_supported", message: "Your card does not support this type of purchase." };
    expect(cardErrorMessage(other)).toBe("Card error: Your card does not support this type of purchase.");
    expect(cardErrorMessage(other, { wallet: "PayPal" })).toBe(
      "Card error: Your card does not support this type of purchase. Please try PayPal for a more reliable payment experience.",
    );
    expect(cardErrorMessage({ type: "card_error", code: "x", message: "No period" })).toBe("Card error: No period.");
    expect(cardErrorMessage({ type: "card_error", code: "x" })).toBe("Card error: your card could not be charged.");
  });

  it("asks to check the card information on a validation error", () => {
    expect(cardErrorMessage({ type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." })).toBe(
      VALIDATION_MESSAGE,
    );
    expect(VALIDATION_MESSAGE).toBe("Please check your card information and try again.");
  });

  it("shows the provider's message for other errors, else the fallback", () => {
    expect(cardErrorMessage({ type: "invalid_request_error", message: "This PaymentIntent was canceled." })).toBe(
      "This PaymentIntent was canceled.",
    );
    expect(cardErrorMessage({ type: "api_error", message: "  " })).toBe(CARD_DETAILS_FALLBACK);
    expect(cardErrorMessage(null)).toBe("Please check your card details and try again.");
    expect(cardErrorMessage(undefined, { wallet: "PayPal" })).toBe(CARD_DETAILS_FALLBACK);
  });
});
