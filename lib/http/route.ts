import "server-only";
import { timingSafeEqual } from "node:crypto";
import { safeParse, type $ZodType, type output } from "zod/v4/core";
import { accessOf } from "@/lib/accounts/access";
import { sessionTokenFrom, subscriberAndAccessForToken, type SignedInSubscriber } from "@/lib/accounts/session";
import { hashToken } from "@/lib/accounts/tokens";
import { ADMIN_REQUIRED_MESSAGE, getAdmin, type Admin } from "@/lib/admin-auth/session";
import { getDb, type PrismaClient } from "@/lib/db";
import { cheapestPlanWith, planName, type Access, type EntitlementName } from "@/lib/entitlements";
import { getEnv } from "@/lib/env";
import { ApiError } from "./api-error";
import { BODY_LIMITS, readBodyLimited } from "./body";
import { MALFORMED_PATH_MESSAGE } from "./params";
import { checkStrings, fieldErrors, isJsonContentType, jsonError, NOT_JSON_MESSAGE } from "./json";
import { clientKey, type RateLimiter, type RateLimitRule } from "./rate-limit";
import { crossSiteProblem } from "./same-origin";
import { sharedRateLimiter } from "./shared-limits";

/**
 * The route frame (docs/security.md "The route frame"): every API handler
 * declares its auth, rate limit, body cap, content type and zod schemas here, and keeps
 * only its own logic. A typed `ApiError` becomes the one JSON error shape `{message,
 * errors?}` (`{error, errors?}` for the payment calls and webhooks, `errorKey: "error"`);
 * anything else becomes a logged 500 without internals.
 *
 * Auth kinds:
 * - `public`: anyone.
 * - `subscriber`: a signed-in subscriber (session cookie checked against the database), else 401.
 * - `admin`: a signed-in admin (lib/admin-auth/session.ts), else 401.
 * - `apiKey`: `Authorization: Bearer <personal API key>` of a subscriber whose plan has API access, else 401/403.
 * - `cron`: `Authorization: Bearer <CRON_SECRET>`; 503 when CRON_SECRET is unset.
 * - `provider`: a payment provider's signed delivery; the signature is verified over the
 *   raw body by the webhook frame (lib/http/webhook.ts), not here.
 */
export { ApiError };

export type AuthKind = "public" | "subscriber" | "admin" | "apiKey" | "cron" | "provider";

/**
 * How the body is read: `json` (415 for other types, then a JSON object), `form`
 * (urlencoded or multipart fields as strings, 415 for other types), `raw` (not read by the
 * frame: `ctx.raw()` gives the exact bytes, capped).
 */
export type ContentType = "json" | "form" | "raw";

export { BODY_LIMITS } from "./body";

/**
 * Who the route's auth kind vouches for: `subscriber` and `apiKey` routes always have the
 * subscriber and their access, `admin` routes the admin; the other kinds have none.
 */
export type Identity<A extends AuthKind> = [A] extends ["subscriber" | "apiKey"]
  ? { subscriber: SignedInSubscriber; access: Access; admin: null }
  : [A] extends ["admin"]
    ? { subscriber: null; access: null; admin: Admin }
    : [A] extends ["public" | "cron" | "provider"]
      ? { subscriber: null; access: null; admin: null }
      : { subscriber: SignedInSubscriber | null; access: Access | null; admin: Admin | null };

export type RouteContext<B, Q, P = Record<string, string>, A extends AuthKind = AuthKind> = {
  request: Request;
  /** The database (opened on first use). */
  db: PrismaClient;
  now: Date;
  body: B;
  query: Q;
  /** Path parameters, validated by the route's `params` schema when it has one. */
  params: P;
  /** The client key used for rate limits. */
  client: string;
  /** The exact bytes of the body, capped at `bodyLimit` (413 past it); for `contentType: "raw"`. */
  raw: () => Promise<Buffer>;
} & Identity<A>;

export type RouteSpec<
  BS extends $ZodType | undefined,
  QS extends $ZodType | undefined,
  PS extends $ZodType | undefined = undefined,
  A extends AuthKind = AuthKind,
> = {
  /** Used in logs and rate-limit buckets. */
  name: string;
  auth: A;
  /**
   * The body, validated by this schema (per-field 400s). A schema that accepts undefined
   * makes the body optional: an empty body is then undefined, whatever its content type.
   */
  body?: BS;
  /** How the body is read (default `json` when there is a body schema). */
  contentType?: ContentType;
  /** Query parameters validated by this schema (strings in, per-field 400s out); checked before the body. */
  query?: QS;
  /**
   * Path parameters validated by this schema (lib/http/params.ts), checked before the query: a
   * value it refuses names nothing (404 with its message). Without one, every parameter is
   * still a string with no NUL, control character or broken Unicode (400).
   */
  params?: PS;
  /** Body cap in bytes (default BODY_LIMITS.form). */
  bodyLimit?: number;
  /**
   * Token bucket per client (and per subscriber or API key when signed in). Several rules
   * are taken in order, each its own bucket (e.g. the public-form limit and a tighter one).
   */
  rateLimit?: RateLimitRule | readonly RateLimitRule[];
  /** An entitlement the subscriber's plan must have (403 naming the plan that has it). */
  entitlement?: EntitlementName;
  /** Cache-Control of successful answers; "no-store" by default for every non-public route. */
  cacheControl?: string;
  /** The key of the error message: `message` (default) or `error` (payment calls and webhooks, docs/product-rules.md §3). */
  errorKey?: "message" | "error";
  /** `cron` routes: the 503 message when CRON_SECRET is unset, in the words of the job the path names. */
  offMessage?: (params: Record<string, string>) => string | undefined;
};

type Out<S> = S extends $ZodType ? output<S> : undefined;
type ParamsOut<S> = S extends $ZodType ? output<S> : Record<string, string>;

type NextContext = { params?: Promise<Record<string, string | string[]>> };

const limiters = new Map<string, RateLimiter>();

/**
 * Takes a token from a shared bucket (lib/http/shared-limits.ts); over the limit, throws the
 * 429 with Retry-After (and `message` in place of the standard one). No-op when rate limits
 * are off. For limits a handler applies itself (per email, after the body is read).
 */
export async function takeRateLimit(bucket: string, rule: RateLimitRule, key: string, message?: string): Promise<void> {
  if (!getEnv().RATE_LIMIT_ENABLED) return;
  let limiter = limiters.get(bucket);
  if (!limiter) {
    limiter = sharedRateLimiter(`route:${bucket}`, rule);
    limiters.set(bucket, limiter);
  }
  const decision = await limiter.take(key);
  if (!decision.allowed) {
    throw new ApiError(429, message ?? `Too many requests. Please wait ${decision.retryAfterSeconds} seconds and try again.`, undefined, {
      "Retry-After": String(decision.retryAfterSeconds),
    });
  }
}

/** Reads the body while counting bytes: a body past the cap is refused before it is buffered whole (chunked bodies too). */
export async function readBodyCapped(request: Request, limit: number): Promise<string> {
  return (await readBodyBytesCapped(request, limit)).toString("utf8");
}

/** The same, keeping the exact bytes (webhook signatures are computed over them). */
export async function readBodyBytesCapped(request: Request, limit: number): Promise<Buffer> {
  const result = await readBodyLimited(request, limit);
  if (!result.ok) throw new ApiError(result.status, result.message);
  return result.bytes;
}

/** Characters no field accepts, then the schema: one message per field (400). */
function validate<S extends $ZodType>(schema: S, value: unknown, invalid: string): output<S> {
  const bad: Record<string, string> = {};
  checkStrings(value, "", bad);
  if (Object.keys(bad).length) throw new ApiError(400, Object.values(bad)[0]!, bad);
  const result = safeParse(schema, value);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new ApiError(400, Object.values(errors)[0] ?? invalid, errors);
  }
  return result.data;
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
const NOT_FORM_MESSAGE = "Send the request body as a form (Content-Type: application/x-www-form-urlencoded or multipart/form-data).";

/** The fields of a form body as strings (the first value of each name; files are ignored). */
async function formFields(type: string, bytes: Buffer, url: string): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  let entries: Iterable<[string, FormDataEntryValue]>;
  if (/^multipart\//i.test(type)) {
    try {
      entries = await new Request(url, { method: "POST", headers: { "content-type": type }, body: new Uint8Array(bytes) }).formData();
    } catch {
      throw new ApiError(400, "The form body could not be read.");
    }
  } else {
    entries = new URLSearchParams(bytes.toString("utf8"));
  }
  for (const [name, value] of entries) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  return fields;
}

async function parseBody<S extends $ZodType>(request: Request, schema: S, contentType: "json" | "form", limit: number): Promise<output<S>> {
  const type = request.headers.get("content-type") ?? "";
  const optional = safeParse(schema, undefined).success;
  const typeOk = contentType === "json" ? isJsonContentType(type) : FORM_TYPES.test(type);
  const refusal = contentType === "json" ? NOT_JSON_MESSAGE : NOT_FORM_MESSAGE;
  // An optional body is read first: an empty one needs no content type.
  if (!typeOk && !optional) throw new ApiError(415, refusal);
  const bytes = await readBodyBytesCapped(request, limit);
  if (optional && !bytes.toString("utf8").trim()) return validate(schema, undefined, "Invalid request.");
  if (!typeOk) throw new ApiError(415, refusal);
  if (contentType === "form") return validate(schema, await formFields(type, bytes, request.url), "Invalid request.");
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ApiError(400, "Request body must be valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ApiError(400, "Request body must be a JSON object.");
  return validate(schema, value, "Invalid request.");
}

/**
 * The path parameters as strings: a malformed percent-encoding Next could not decode is a 400,
 * and so are characters no field accepts (NUL, control characters, broken Unicode).
 */
async function readParams(context: NextContext | undefined): Promise<Record<string, string>> {
  let rawParams: Record<string, string | string[]>;
  try {
    rawParams = (await context?.params) ?? {};
  } catch (error) {
    if (error instanceof URIError) throw new ApiError(400, MALFORMED_PATH_MESSAGE);
    throw error;
  }
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(rawParams)) params[k] = Array.isArray(v) ? v.join("/") : v;
  const bad: Record<string, string> = {};
  checkStrings(params, "", bad);
  if (Object.keys(bad).length) throw new ApiError(400, Object.values(bad)[0]!, bad);
  return params;
}

/** The route's schema over the path parameters: a value it refuses names nothing (404 with its message). */
function validateParams<S extends $ZodType>(schema: S, params: Record<string, string>): output<S> {
  const result = safeParse(schema, params);
  if (!result.success) throw new ApiError(404, Object.values(fieldErrors(result.error))[0] ?? "Not found.");
  return result.data;
}

function parseQuery<S extends $ZodType>(request: Request, schema: S): output<S> {
  const url = new URL(request.url);
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) raw[k] = v;
  return validate(schema, raw, "Invalid query.");
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The subscriber of a personal API key (`Authorization: Bearer tw_...`), or null. */
export async function subscriberForApiKey(db: PrismaClient, request: Request, now: Date): Promise<SignedInSubscriber | null> {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer (tw_[A-Za-z0-9_-]{20,100})$/.exec(header);
  if (!match) return null;
  const key = await db.apiKey.findUnique({
    where: { keyHash: hashToken(match[1]!) },
    select: { id: true, revokedAt: true, subscriber: { select: { id: true, email: true } } },
  });
  if (!key || key.revokedAt) return null;
  await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } });
  return { id: key.subscriber.id, email: key.subscriber.email, sessionId: `api-key:${key.id}` };
}

/** The 403 for a plan that lacks an entitlement, naming the plan that has it. */
export function upgradeRequired(entitlement: EntitlementName, what: string): ApiError {
  const plan = planName(cheapestPlanWith(entitlement));
  return new ApiError(403, `${what} is part of the ${plan} and above. Upgrade in your account to use it.`);
}

const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again in a moment.";

/** The one JSON error shape, never stored by a cache. */
function errorResponse(status: number, message: string, errors: Record<string, string> | undefined, init: HeadersInit | undefined, key: "message" | "error"): Response {
  const headers = new Headers(init);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  if (key === "message") return jsonError(status, message, errors, headers);
  return Response.json(errors ? { error: message, errors } : { error: message }, { status, headers });
}

/** Checks the credential of the route's auth kind (401/403/503). */
async function authenticate(
  spec: Pick<RouteSpec<undefined, undefined>, "name" | "auth" | "offMessage">,
  request: Request,
  db: () => PrismaClient,
  now: Date,
  client: string,
  params: Record<string, string>,
  clientRule: RateLimitRule | undefined,
): Promise<{ subscriber: SignedInSubscriber | null; access: Access | null; admin: Admin | null }> {
  let subscriber: SignedInSubscriber | null = null;
  let access: Access | null = null;
  let admin: Admin | null = null;
  // Signed-in state changes come from our own pages only (lib/http/same-origin.ts).
  if (spec.auth === "subscriber" || spec.auth === "admin") {
    const crossSite = crossSiteProblem(request);
    if (crossSite) throw new ApiError(403, crossSite);
  }
  if (spec.auth === "cron") {
    const secret = getEnv().economy.cronSecret;
    if (!secret) throw new ApiError(503, spec.offMessage?.(params) ?? "Scheduled jobs are off on this server: set CRON_SECRET to turn this route on.");
    if (!sameSecret(request.headers.get("authorization") ?? "", `Bearer ${secret}`)) {
      throw new ApiError(401, 'Missing or wrong Authorization header: expected "Bearer <CRON_SECRET>".', undefined, {
        "WWW-Authenticate": 'Bearer realm="cron"',
      });
    }
  } else if (spec.auth === "admin") {
    admin = await getAdmin(request);
    if (!admin) throw new ApiError(401, ADMIN_REQUIRED_MESSAGE);
  } else if (spec.auth === "subscriber") {
    // The session and the access it grants, in one statement.
    const signedIn = await subscriberAndAccessForToken(db(), sessionTokenFrom(request.headers.get("cookie")), now);
    if (!signedIn) throw new ApiError(401, "Sign in to continue.");
    ({ subscriber, access } = signedIn);
  } else if (spec.auth === "apiKey") {
    // Limit by client before the key lookup, so guessing keys is slow.
    if (clientRule) await takeRateLimit(`${spec.name}:client`, clientRule, client);
    subscriber = await subscriberForApiKey(db(), request, now);
    if (!subscriber) {
      throw new ApiError(401, "A valid API key is required: send Authorization: Bearer <your API key>.", undefined, {
        "WWW-Authenticate": 'Bearer realm="api"',
      });
    }
  }
  return { subscriber, access, admin };
}

/**
 * Declares a route handler. Order of checks: path parameters' percent-encoding and characters
 * (400), cross-site state changes of `subscriber` and `admin` routes (403), auth
 * (401/403/503), rate limits (429), the path parameters' schema (404), query (400), content
 * type (415), body cap (413), characters and schema (400), then the handler. The handler's
 * context is typed by the auth kind (Identity): a subscriber route's `subscriber` is set. Returns a plain
 * object (sent as JSON, 200), or a Response as it is.
 */
export function defineRoute<
  A extends AuthKind,
  BS extends $ZodType | undefined = undefined,
  QS extends $ZodType | undefined = undefined,
  PS extends $ZodType | undefined = undefined,
>(
  spec: RouteSpec<BS, QS, PS, A>,
  handler: (ctx: RouteContext<Out<BS>, Out<QS>, ParamsOut<PS>, A>) => Promise<Response | object>,
): (request?: Request, context?: NextContext) => Promise<Response> {
  const rules: readonly RateLimitRule[] = spec.rateLimit === undefined ? [] : Array.isArray(spec.rateLimit) ? spec.rateLimit : [spec.rateLimit as RateLimitRule];
  const errorKey = spec.errorKey ?? "message";
  const contentType = spec.contentType ?? (spec.body ? "json" : undefined);
  const bodyLimit = spec.bodyLimit ?? BODY_LIMITS.form;
  // The request is optional so that a route's function can be called directly for a plain
  // GET (tests, scripts), as the GET() of the routes that read nothing of it could before.
  return async (request = new Request("http://localhost/"), context) => {
    try {
      let opened: PrismaClient | undefined;
      const db = () => (opened ??= getDb());
      const now = new Date();
      const client = clientKey(request);
      // Strings with allowed characters; the route's schema is applied after auth and limits.
      const rawParams = await readParams(context);

      const authenticated = await authenticate(spec, request, db, now, client, rawParams, rules[0]);
      const { subscriber, admin } = authenticated;
      let access = authenticated.access;
      if (subscriber) {
        access ??= await accessOf(db(), subscriber.id, now);
        if (spec.auth === "apiKey" && !access.entitlements.apiAccess) throw upgradeRequired("apiAccess", "API access");
        if (spec.entitlement && !access.entitlements[spec.entitlement]) {
          throw upgradeRequired(spec.entitlement, spec.entitlement === "csvExport" ? "CSV export" : "This feature");
        }
      }
      for (const [i, rule] of rules.entries()) {
        await takeRateLimit(i === 0 ? spec.name : `${spec.name}:${i}`, rule, subscriber ? `s:${subscriber.id}` : `c:${client}`);
      }

      const params = (spec.params ? validateParams(spec.params, rawParams) : rawParams) as ParamsOut<PS>;
      const query = (spec.query ? parseQuery(request, spec.query) : undefined) as Out<QS>;
      const body = (spec.body && contentType !== "raw" ? await parseBody(request, spec.body, contentType ?? "json", bodyLimit) : undefined) as Out<BS>;
      const raw = () => readBodyBytesCapped(request, bodyLimit);

      // The auth kind decided which of these are set (authenticate): Identity<A> says the same.
      const identity = { subscriber, access, admin } as Identity<A>;
      const frame = {
        request,
        get db() {
          return db();
        },
        now,
        body,
        query,
        params,
        client,
        raw,
      };
      const result = await handler(Object.assign(frame, identity));
      if (result instanceof Response) {
        if (spec.auth !== "public" && !result.headers.has("Cache-Control")) result.headers.set("Cache-Control", "no-store");
        return result;
      }
      const cache = spec.cacheControl ?? (spec.auth === "public" ? undefined : "no-store");
      return Response.json(result, { headers: cache ? { "Cache-Control": cache } : undefined });
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error.status, error.message, error.errors, error.headers, errorKey);
      console.error(`[${spec.name}] unexpected error`, error);
      return errorResponse(500, INTERNAL_MESSAGE, undefined, undefined, errorKey);
    }
  };
}
