/**
 * What a buyer reads when a card payment fails (docs/product-rules.md §8). Pure: takes the error
 * the card provider returned (Stripe.js `{type, code, decline_code, message}`) and says
 * what happened in plain words, suggesting the wallet where the page offers one.
 * Safe in the browser and on the server.
 */

export type CardErrorLike = {
  /** "card_error", "validation_error", "invalid_request_error", "api_error"... */
  type?: string | null;
  /** e.g. "card_declined", "expired_card", "incorrect_cvc", "processing_error". */
  code?: string | null;
  /** Why the bank declined, e.g. "insufficient_funds" (Stripe sends it with code "card_declined"). */
  decline_code?: string | null;
  message?: string | null;
};

export type CardErrorOptions = {
  /** Name of the wallet the buyer can use instead (e.g. "PayPal"); omit when the page has none. */
  wallet?: string | null;
};

/** Toast titles (docs/product-rules.md §8). */
export const PAYMENT_FAILED_TITLE = "Payment Failed";
export const CARD_PAYMENT_FAILED_TITLE = "Card Payment Failed";
export const FORM_ERROR_TITLE = "Form Error";
export const PAYMENT_ERROR_TITLE = "Payment Error";
export const PAYMENT_STATUS_UNCLEAR_TITLE = "Payment Status Unclear";

/** Shown when the provider gives no message. */
export const CARD_DETAILS_FALLBACK = "Please check your card details and try again.";
/** A form the provider refused to submit (incomplete or invalid fields). */
export const VALIDATION_MESSAGE = "Please check your card information and try again.";
/** Something broke outside the provider's answer (network, script). */
export const PAYMENT_ERROR_MESSAGE = "Please try again or contact support.";
export const PAYMENT_STATUS_UNCLEAR_MESSAGE = "Please check your email for confirmation or contact support.";

/** Codes with their own message, whether Stripe sends them as `code` or as `decline_code`. */
const SPECIFIC_CODES = ["insufficient_funds", "expired_card", "incorrect_cvc", "processing_error"] as const;
type SpecificCode = (typeof SPECIFIC_CODES)[number];

function isSpecific(code: string | null | undefined): code is SpecificCode {
  return typeof code === "string" && (SPECIFIC_CODES as readonly string[]).includes(code);
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The message for a failed card payment. */
export function cardErrorMessage(error: CardErrorLike | null | undefined, options: CardErrorOptions = {}): string {
  const wallet = options.wallet?.trim() || null;
  if (!error) return CARD_DETAILS_FALLBACK;
  if (error.type === "validation_error") return VALIDATION_MESSAGE;

  // The specific reason wins over the generic "card_declined".
  const code = isSpecific(error.decline_code) ? error.decline_code : error.code;
  switch (code) {
    case "card_declined":
      return `Your card was declined. Please try a different card or contact your bank${wallet ? `, or use ${wallet}` : ""}.`;
    case "insufficient_funds":
      return "Insufficient funds. Please check your account balance.";
    case "expired_card":
      return "Your card has expired. Please use a different card.";
    case "incorrect_cvc":
      return "The security code is incorrect. Please check and try again.";
    case "processing_error":
      return `A processing error occurred. Please try again${wallet ? ` or use ${wallet}` : ""}.`;
  }

  const message = error.message?.trim() || "";
  if (error.type === "card_error") {
    const base = sentence(`Card error: ${message || "your card could not be charged"}`);
    return wallet ? `${base} Please try ${wallet} for a more reliable payment experience.` : base;
  }
  return message || CARD_DETAILS_FALLBACK;
}
