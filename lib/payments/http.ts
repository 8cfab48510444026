import "server-only";
import { PaymentError } from "./errors";

/**
 * Payment calls answer `{error}` (docs/product-rules.md §3) with per-field `errors` on validation;
 * a PaymentError becomes its status, anything else a logged 500.
 */
export function paymentErrorResponse(error: unknown, name: string): Response {
  if (error instanceof PaymentError) {
    return Response.json(error.errors ? { error: error.message, errors: error.errors } : { error: error.message }, { status: error.status });
  }
  console.error(`[${name}] unexpected error`, error);
  return Response.json({ error: "Something went wrong on our side. Please try again in a moment." }, { status: 500 });
}

/** Converts our shared `{message, errors}` validation answer into the payment calls' `{error, errors}`. */
export async function asPaymentError(response: Response): Promise<Response> {
  const body = (await response.json()) as { message?: string; errors?: Record<string, string> };
  return Response.json({ error: body.message ?? "Invalid request.", ...(body.errors ? { errors: body.errors } : {}) }, { status: response.status });
}
