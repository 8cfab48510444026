import { ApiError } from "@/lib/http/client";

/**
 * The admin tariff calls from the browser: JSON with the admin cookie; a non-OK answer
 * throws an ApiError carrying the server's message and per-field errors.
 */
export async function sendJson<T>(method: "POST" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "include",
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("Could not reach the server.", 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const record = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
    const errors: Record<string, string> = {};
    if (typeof record.errors === "object" && record.errors !== null) {
      for (const [k, v] of Object.entries(record.errors)) if (typeof v === "string") errors[k] = v;
    }
    throw new ApiError(typeof record.message === "string" ? record.message : `HTTP ${response.status}`, response.status, errors);
  }
  return data as T;
}

/** "6403, 6404.11" -> ["6403", "6404.11"]: a comma, space or newline separated list. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A percent typed by the operator ("25", "7.5") as a fraction (0.25, 0.075); blank = null; NaN stays NaN for the server to refuse. */
export function percentToFraction(text: string): number | null {
  const t = text.trim().replace(/%$/, "");
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? Number((n / 100).toFixed(6)) : Number.NaN;
}

export function fractionToPercent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? "" : String(Number((rate * 100).toFixed(4)));
}
