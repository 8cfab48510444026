/**
 * Browser side of our JSON calls: sends JSON with credentials and reads the answer,
 * turning any failure into an Error carrying the server's message (and field errors).
 * The message is read from `message`, else from `error` (the payment calls answer `{error}`).
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

/** POSTs `body` as JSON (no body and no content type when it is undefined). */
export async function postJson<T>(url: string, body?: unknown, options: { headers?: Record<string, string> } = {}): Promise<T> {
  return post<T>(url, body === undefined ? undefined : JSON.stringify(body), {
    ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    ...options.headers,
  });
}

/** POSTs a text body (a CSV file) with its content type; the answer is read as JSON like postJson's. */
export async function postText<T>(url: string, text: string, contentType: string): Promise<T> {
  return post<T>(url, text, { "Content-Type": contentType });
}

async function post<T>(url: string, body: string | undefined, headers: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers, credentials: "include", body });
  } catch {
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
