/**
 * Browser side of our JSON calls: sends JSON with credentials and reads the answer,
 * turning any failure into an Error carrying the server's message (and field errors).
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

export async function postJson<T>(url: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "include",
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError("", 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = isRecord(data) && typeof data.message === "string" ? data.message : "";
    const errors: Record<string, string> = {};
    if (isRecord(data) && isRecord(data.errors)) {
      for (const [k, v] of Object.entries(data.errors)) if (typeof v === "string") errors[k] = v;
    }
    throw new ApiError(message, response.status, errors);
  }
  return data as T;
}
