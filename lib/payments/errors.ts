import { ApiError } from "@/lib/http/api-error";

/** A payment call refused or failed; `status` is the HTTP status the route answers with (the route frame answers it). */
export class PaymentError extends ApiError {
  constructor(
    override readonly status: 400 | 404 | 409 | 502 | 503,
    message: string,
    errors?: Record<string, string>,
  ) {
    super(status, message, errors);
    this.name = "PaymentError";
  }
}

export const NOT_CONFIGURED = {
  card: "Card payments are not configured on this server.",
  wallet: "PayPal payments are not configured on this server.",
} as const;
