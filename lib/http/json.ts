import type { $ZodError } from "zod/v4/core";

/**
 * The JSON pieces of the route frame (lib/http/route.ts): the error shape, one message per
 * field, the characters no field accepts and the JSON content type. Every bad input gets
 * a 4xx with a message (and, for validation, one message per field).
 */

/**
 * The public forms', payment calls' and admin follow-up's body cap (a few short fields),
 * their `bodyLimit` in the route frame; other frame calls use BODY_LIMITS.form (32 kB).
 */
export const MAX_JSON_BYTES = 16 * 1024;

export type ErrorBody = { message: string; errors?: Record<string, string> };

export function jsonError(status: number, message: string, errors?: Record<string, string>, headers?: HeadersInit): Response {
  const body: ErrorBody = errors ? { message, errors } : { message };
  return Response.json(body, { status, headers });
}

/** One message per field (the first zod reported), keyed by the field's path. */
export function fieldErrors(error: $ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    errors[key] ??= issue.message;
  }
  return errors;
}

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
