/** A payment call refused or failed; `status` is the HTTP status the route answers with. */
export class PaymentError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 502 | 503,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = "PaymentError";
  }
}

export const NOT_CONFIGURED = {
  card: "Card payments are not configured on this server.",
  wallet: "PayPal payments are not configured on this server.",
} as const;
