import type { z } from "zod";

/**
 * Reading and answering JSON in route handlers. Every bad input gets a 4xx with a
 * message (and, for validation, one message per field); nothing here throws a 500.
 */

/** Bodies larger than this are refused with 413 before parsing. */
export const MAX_JSON_BYTES = 16 * 1024;

export type ErrorBody = { message: string; errors?: Record<string, string> };

export function jsonError(status: number, message: string, errors?: Record<string, string>, headers?: HeadersInit): Response {
  const body: ErrorBody = errors ? { message, errors } : { message };
  return Response.json(body, { status, headers });
}

/** One message per field (the first zod reported), keyed by the field's path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    errors[key] ??= issue.message;
  }
  return errors;
}

type ParseResult<T> = { ok: true; data: T } | { ok: false; response: Response };

/**
 * Reads the request body as JSON and validates it with the schema. Malformed JSON,
 * a non-object body, an oversized body or invalid fields each give a clear 4xx.
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<ParseResult<z.output<S>>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_JSON_BYTES) {
    return { ok: false, response: jsonError(413, `Request body is too large (limit ${MAX_JSON_BYTES} bytes).`) };
  }
  let text: string;
  try {
    text = await request.text();
  } catch {
    return { ok: false, response: jsonError(400, "Could not read the request body.") };
  }
  if (Buffer.byteLength(text, "utf8") > MAX_JSON_BYTES) {
    return { ok: false, response: jsonError(413, `Request body is too large (limit ${MAX_JSON_BYTES} bytes).`) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, response: jsonError(400, "Request body must be valid JSON.") };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, response: jsonError(400, "Request body must be a JSON object.") };
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    const first = Object.values(errors)[0] ?? "Invalid request.";
    return { ok: false, response: jsonError(400, first, errors) };
  }
  return { ok: true, data: result.data };
}

/** Runs a handler and turns an unexpected failure into a logged 500 without internals. */
export async function withErrorBoundary(name: string, handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    console.error(`[${name}] unexpected error`, error);
    return jsonError(500, "Something went wrong on our side. Please try again in a moment.");
  }
}
