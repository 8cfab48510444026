let clientCounter = 0;

/** A fresh client address, so each test has its own rate-limit bucket. */
export function newClientIp(): string {
  clientCounter += 1;
  return `203.0.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}`;
}

/** A JSON POST as a browser would send it. `body` is sent as-is when it is a string. */
export function postRequest(path: string, body: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": opts.ip ?? newClientIp(),
      ...opts.headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function readJson(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}
