import { ApiError } from "@/lib/http/client";

/**
 * JSON calls of the watchlist forms (POST, PATCH, DELETE), with the same error shape as
 * lib/http/client.ts: an ApiError carrying the server's message and field errors.
 */
export async function sendJson<T>(method: "POST" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      credentials: "include",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("Could not reach the server. Check your connection and try again.", 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const record = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
    const errors: Record<string, string> = {};
    if (typeof record.errors === "object" && record.errors !== null) {
      for (const [k, v] of Object.entries(record.errors)) if (typeof v === "string") errors[k] = v;
    }
    throw new ApiError(typeof record.message === "string" ? record.message : "Something went wrong. Please try again.", response.status, errors);
  }
  return data as T;
}

export { ApiError };
