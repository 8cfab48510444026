import type { z } from "zod";
import { readBodyLimited } from "./body";

/**
 * Reading and answering JSON in route handlers. Every bad input gets a 4xx with a
 * message (and, for validation, one message per field); nothing here throws a 500.
 */

/**
 * The public forms' and payment calls' cap (their bodies are a few short fields): refused
 * with 413 while reading. Route-frame calls use BODY_LIMITS.form (32 kB).
 */
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

/** NUL, lone surrogates and other control characters (tab, CR and LF allowed only where a schema says so). */
const BAD_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Bodies nested deeper than this are refused (no schema here needs more). */
const MAX_DEPTH = 8;

/**
 * Collects one message per path for strings with characters no field accepts, and for
 * nesting past MAX_DEPTH: a 400 with a message, never a 500 further down (a NUL cannot be
 * stored in a PostgreSQL text, a lone surrogate cannot be encoded).
 */
export function checkStrings(value: unknown, path: string, errors: Record<string, string>, depth = 0): void {
  if (depth > MAX_DEPTH) {
    errors[path || "body"] ??= "Too deeply nested.";
    return;
  }
  if (typeof value === "string") {
    if (BAD_CHARS.test(value)) errors[path || "body"] ??= "Contains characters that are not allowed (control characters or broken Unicode).";
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => checkStrings(v, path ? `${path}.${i}` : String(i), errors, depth + 1));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const key = path ? `${path}.${k}` : k;
      if (BAD_CHARS.test(k)) errors[key] ??= "Contains characters that are not allowed (control characters or broken Unicode).";
      else checkStrings(v, key, errors, depth + 1);
    }
  }
}

/** True for application/json and application/*+json. */
export function isJsonContentType(type: string | null): boolean {
  return /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type ?? "");
}

export const NOT_JSON_MESSAGE = "Send the request body as JSON (Content-Type: application/json).";

/**
 * Reads the request body as JSON and validates it with the schema. Another content type
 * (415), an oversized body (413, counted while reading), malformed JSON, a non-object
 * body, characters no field accepts or invalid fields (400) each give a clear 4xx.
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S, limit: number = MAX_JSON_BYTES): Promise<ParseResult<z.output<S>>> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return { ok: false, response: jsonError(415, NOT_JSON_MESSAGE) };
  }
  const read = await readBodyLimited(request, limit);
  if (!read.ok) return { ok: false, response: jsonError(read.status, read.message) };
  let value: unknown;
  try {
    value = JSON.parse(read.bytes.toString("utf8"));
  } catch {
    return { ok: false, response: jsonError(400, "Request body must be valid JSON.") };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, response: jsonError(400, "Request body must be a JSON object.") };
  }
  const bad: Record<string, string> = {};
  checkStrings(value, "", bad);
  if (Object.keys(bad).length) return { ok: false, response: jsonError(400, Object.values(bad)[0]!, bad) };
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
