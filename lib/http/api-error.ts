/**
 * The typed error of the route frame (lib/http/route.ts, docs/security.md "The route
 * frame"): a status, a message and, for validation, one message per field. The frame turns
 * it into the one JSON error shape; domain errors (PaymentError) extend it. Free of
 * server-only imports so that domain modules may extend it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: HeadersInit,
  ) {
    super(message);
    this.name = "ApiError";
  }
}
