import { createHash, randomUUID } from "node:crypto";
import { createResendTransport, type EmailTransport } from "@/lib/email/transport";
import { startLocalServer, type LocalServer, type RecordedRequest, type Reply } from "./http-server";

/**
 * A local server that speaks Resend's email API, for RESEND_BASE_URL: POST /emails with
 * `Authorization: Bearer <key>` and an optional `Idempotency-Key`, answering `{id}` like
 * Resend, and POST /emails/batch (a JSON array of 1-100 messages, strict validation: one
 * invalid message refuses the whole batch with 422; one key for the whole call), answering
 * `{data: [{id}, ...]}` in the order sent; errors in Resend's shape `{statusCode, name, message}`:
 * - 401 missing_api_key, 403 invalid_api_key;
 * - 400 invalid_idempotency_key (not 1-256 characters);
 * - 409 invalid_idempotent_request when a key is reused with a different body (the same
 *   body gets the original answer back and sends nothing);
 * - 422 validation_error / missing_required_field for a bad from, to, subject or body;
 * - 429 rate_limit_exceeded with retry-after and ratelimit-* headers past `requestsPerSecond`;
 * - anything queued with `failNext` (e.g. a 500 or a 429), answered before all checks
 *   but authentication.
 * `delivered` lists the messages it accepted (each once). `delayMs` holds every answer
 * that long, like a slow provider (the request is recorded when it arrives); `setDelay` changes
 * it for the requests that follow, so a test waits for a slow provider only where that is what it checks.
 */
export type DeliveredEmail = {
  id: string;
  idempotencyKey: string | null;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  tags: { name: string; value: string }[];
};

export type FakeResend = {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  delivered: DeliveredEmail[];
  /** The next POST /emails or /emails/batch (after authentication) gets this answer instead. */
  failNext: (reply: { status: number; name: string; message: string; headers?: Record<string, string> }) => void;
  setDelay: (ms: number) => void;
  close: () => Promise<void>;
};

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const FROM = /^(?:[^<>]*<([^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)>|([^\s@<>]+@[^\s@<>]+\.[^\s@<>]+))$/;

function resendError(status: number, name: string, message: string, headers?: Record<string, string>): Reply {
  return { status, body: { statusCode: status, name, message }, headers };
}

function header(req: RecordedRequest, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function validate(body: Record<string, unknown>): Reply | null {
  for (const field of ["from", "to", "subject"]) {
    if (body[field] === undefined || body[field] === null || body[field] === "") {
      return resendError(422, "missing_required_field", `Missing \`${field}\` field.`);
    }
  }
  if (typeof body.from !== "string" || !FROM.test(body.from.trim())) {
    return resendError(422, "validation_error", "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
  }
  const to = Array.isArray(body.to) ? body.to : [body.to];
  if (to.length === 0 || to.length > 50 || !to.every((t) => typeof t === "string" && EMAIL.test(t))) {
    return resendError(422, "validation_error", "Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
  }
  if (typeof body.subject !== "string") return resendError(422, "validation_error", "The `subject` field must be a `string`.");
  if (typeof body.html !== "string" && typeof body.text !== "string") {
    return resendError(422, "validation_error", "Missing `html` or `text` field.");
  }
  if (body.headers !== undefined && !asRecord(body.headers)) return resendError(422, "validation_error", "The `headers` field must be an `object`.");
  if (body.tags !== undefined) {
    const ok =
      Array.isArray(body.tags) &&
      body.tags.every((t) => {
        const tag = asRecord(t);
        return tag && typeof tag.name === "string" && typeof tag.value === "string" && /^[\w-]{1,256}$/.test(tag.name) && /^[\w-]{1,256}$/.test(tag.value);
      });
    if (!ok) return resendError(422, "validation_error", "Tags should only contain ASCII letters, numbers, underscores, or dashes.");
  }
  return null;
}

export async function startFakeResend(options: { apiKey?: string; requestsPerSecond?: number; delayMs?: number } = {}): Promise<FakeResend> {
  const apiKey = options.apiKey ?? "re_test_local_double";
  const delivered: DeliveredEmail[] = [];
  const scripted: Reply[] = [];
  const seen = new Map<string, { bodyHash: string; reply: Reply }>();
  let windowStart = 0;
  let inWindow = 0;
  let delayMs = options.delayMs ?? 0;

  const server: LocalServer = await startLocalServer(async (req, url) => {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const batch = url.pathname === "/emails/batch";
    if (url.pathname !== "/emails" && !batch) return resendError(404, "not_found", "The requested endpoint does not exist.");
    if (req.method !== "POST") return resendError(405, "method_not_allowed", "Method is not allowed for the requested path.");

    const authorization = header(req, "authorization");
    if (!authorization?.startsWith("Bearer ")) {
      return resendError(401, "missing_api_key", "Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY");
    }
    if (authorization.slice("Bearer ".length) !== apiKey) return resendError(403, "invalid_api_key", "API key is invalid");

    const forced = scripted.shift();
    if (forced) return forced;

    if (options.requestsPerSecond) {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        inWindow = 0;
      }
      inWindow += 1;
      if (inWindow > options.requestsPerSecond) {
        return resendError(429, "rate_limit_exceeded", `Too many requests. You can only make ${options.requestsPerSecond} requests per second. See rate limit response headers for more information.`, {
          "retry-after": "1",
          "ratelimit-limit": String(options.requestsPerSecond),
          "ratelimit-remaining": "0",
          "ratelimit-reset": "1",
        });
      }
    }

    const key = header(req, "idempotency-key");
    if (key !== null && (key.length < 1 || key.length > 256)) {
      return resendError(400, "invalid_idempotency_key", "The key must be between 1-256 chars.");
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(req.body);
    } catch {
      return resendError(422, "validation_error", "The request body is not valid JSON.");
    }
    let bodies: Record<string, unknown>[];
    if (batch) {
      if (!Array.isArray(parsed)) return resendError(422, "validation_error", "The request body must be an array of emails.");
      if (parsed.length < 1 || parsed.length > 100) return resendError(422, "validation_error", "The batch must contain between 1 and 100 emails.");
      const records = parsed.map(asRecord);
      if (records.some((r) => !r)) return resendError(422, "validation_error", "Each email in the batch must be a JSON object.");
      bodies = records as Record<string, unknown>[];
    } else {
      const body = asRecord(parsed);
      if (!body) return resendError(422, "validation_error", "The request body must be a JSON object.");
      bodies = [body];
    }

    const bodyHash = createHash("sha256").update(req.body).digest("hex");
    if (key !== null) {
      const previous = seen.get(key);
      if (previous) {
        if (previous.bodyHash !== bodyHash) {
          return resendError(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload. Change your idempotency key or payload.");
        }
        return previous.reply;
      }
    }
    for (const body of bodies) {
      const invalid = validate(body);
      if (invalid) return invalid;
    }
    const ids = bodies.map((body) => {
      const id = randomUUID();
      delivered.push({
        id,
        idempotencyKey: key,
        from: String(body.from),
        to: (Array.isArray(body.to) ? body.to : [body.to]).map(String),
        subject: String(body.subject),
        html: typeof body.html === "string" ? body.html : "",
        text: typeof body.text === "string" ? body.text : "",
        headers: Object.fromEntries(Object.entries(asRecord(body.headers) ?? {}).map(([k, v]) => [k, String(v)])),
        tags: Array.isArray(body.tags) ? (body.tags as { name: string; value: string }[]) : [],
      });
      return id;
    });
    const reply: Reply = { status: 200, body: batch ? { data: ids.map((id) => ({ id })) } : { id: ids[0] } };
    if (key !== null) seen.set(key, { bodyHash, reply });
    return reply;
  });

  return {
    url: server.url,
    apiKey,
    requests: server.requests,
    delivered,
    failNext: ({ status, name, message, headers }) => {
      scripted.push(resendError(status, name, message, headers));
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: server.close,
  };
}

/**
 * A fake Resend for the tests of a file (or a describe block), like setupTestDatabase: started before them, closed
 * after them, its records emptied before each; `transport` sends to it without a rate limit.
 * Read `resend` and `transport` inside the tests (they exist once the block has started).
 */
export function setupFakeResend(): { readonly resend: FakeResend; readonly transport: EmailTransport } {
  let started: { resend: FakeResend; transport: EmailTransport } | null = null;
  beforeAll(async () => {
    const resend = await startFakeResend();
    started = { resend, transport: createResendTransport({ apiKey: resend.apiKey, baseUrl: resend.url, requestsPerSecond: 0 }) };
  });
  afterAll(() => started?.resend.close());
  beforeEach(() => {
    started?.resend.requests.splice(0);
    started?.resend.delivered.splice(0);
  });
  const get = () => {
    if (!started) throw new Error("The fake Resend starts before the tests: read it inside a test or a hook.");
    return started;
  };
  return {
    get resend() {
      return get().resend;
    },
    get transport() {
      return get().transport;
    },
  };
}
