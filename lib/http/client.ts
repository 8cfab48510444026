/**
 * The browser's one JSON client: every call from a page to our API goes through here. It
 * sends cookies, asks for JSON and reads the answer; any failure throws an ApiError with
 * the HTTP status (0 when the server could not be reached), the server's message and its
 * per-field errors. The message is read from `message`, else from `error` (the payment
 * calls answer `{error}`); it is empty when the server gave none, so each caller shows its
 * own fallback (`error.message || "Could not save."`).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Method = "GET" | "POST" | "PATCH" | "DELETE";
type CallOptions = {
  headers?: Record<string, string>;
  /** The fetch cache mode; reads default to "no-store" (docs/product-rules.md §7). */
  cache?: RequestCache;
  signal?: AbortSignal;
};

async function call<T>(method: Method, url: string, body: string | undefined, options: CallOptions): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { accept: "application/json", ...options.headers },
      credentials: "include",
      body,
      ...(options.cache ? { cache: options.cache } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError("", 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = !isRecord(data) ? "" : typeof data.message === "string" ? data.message : typeof data.error === "string" ? data.error : "";
    const errors: Record<string, string> = {};
    if (isRecord(data) && isRecord(data.errors)) {
      for (const [k, v] of Object.entries(data.errors)) if (typeof v === "string") errors[k] = v;
    }
    throw new ApiError(message, response.status, errors);
  }
  return data as T;
}

/** GETs JSON; the answer is not cached unless `options.cache` says otherwise. */
export async function getJson<T>(url: string, options: CallOptions = {}): Promise<T> {
  return call<T>("GET", url, undefined, { cache: "no-store", ...options });
}

/** Sends `body` as JSON with `method` (no body and no content type when it is undefined). */
export async function sendJson<T>(method: "POST" | "PATCH" | "DELETE", url: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  return call<T>(method, url, body === undefined ? undefined : JSON.stringify(body), {
    ...options,
    headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...options.headers },
  });
}

/** POSTs `body` as JSON (no body and no content type when it is undefined). */
export async function postJson<T>(url: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  return sendJson<T>("POST", url, body, options);
}

/** POSTs a text body (a CSV file) with its content type; the answer is read as JSON like postJson's. */
export async function postText<T>(url: string, text: string, contentType: string): Promise<T> {
  return call<T>("POST", url, text, { headers: { "Content-Type": contentType } });
}
