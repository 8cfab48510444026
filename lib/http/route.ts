import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { accessOf } from "@/lib/accounts/access";
import { subscriberFromRequest, type SignedInSubscriber } from "@/lib/accounts/session";
import { hashToken } from "@/lib/accounts/tokens";
import { getAdmin, type Admin } from "@/lib/auth/session";
import { getDb, type PrismaClient } from "@/lib/db";
import { cheapestPlanWith, planName, type Access, type EntitlementName } from "@/lib/entitlements";
import { getEnv } from "@/lib/env";
import { BODY_LIMITS, readBodyLimited } from "./body";
import { checkStrings, fieldErrors, isJsonContentType, jsonError, NOT_JSON_MESSAGE } from "./json";
import { clientKey, type RateLimiter, type RateLimitRule } from "./rate-limit";
import { crossSiteProblem } from "./same-origin";
import { sharedRateLimiter } from "./shared-limits";

/**
 * The route frame (issue 16 item 1, docs/routes.md): every new API handler declares its
 * auth, rate limit, body cap, content type and zod schemas here, and keeps only its own
 * logic. A typed `ApiError` becomes the one JSON error shape `{message, errors?}`;
 * anything else becomes a logged 500 without internals.
 *
 * Auth kinds:
 * - `public`: anyone.
 * - `subscriber`: a signed-in subscriber (session cookie checked against the database), else 401.
 * - `admin`: a signed-in admin (lib/auth/session.ts), else 401.
 * - `apiKey`: `Authorization: Bearer <personal API key>` of a subscriber whose plan has API access, else 401/403.
 * - `cron`: `Authorization: Bearer <CRON_SECRET>`; 503 when CRON_SECRET is unset.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: HeadersInit,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type AuthKind = "public" | "subscriber" | "admin" | "apiKey" | "cron";

export { BODY_LIMITS } from "./body";

export type RouteContext<B, Q> = {
  request: Request;
  db: PrismaClient;
  now: Date;
  body: B;
  query: Q;
  params: Record<string, string>;
  /** Set for `subscriber` and `apiKey` routes. */
  subscriber: SignedInSubscriber | null;
  /** Set for `subscriber` and `apiKey` routes. */
  access: Access | null;
  /** Set for `admin` routes. */
  admin: Admin | null;
  /** The client key used for rate limits. */
  client: string;
};

export type RouteSpec<BS extends z.ZodType | undefined, QS extends z.ZodType | undefined> = {
  /** Used in logs and rate-limit buckets. */
  name: string;
  auth: AuthKind;
  /** A JSON body validated by this schema (415 for other content types). */
  body?: BS;
  /** Query parameters validated by this schema (strings in, per-field 400s out). */
  query?: QS;
  /** Body cap in bytes (default BODY_LIMITS.form). */
  bodyLimit?: number;
  /** Token bucket per client (and per subscriber or API key when signed in). */
  rateLimit?: RateLimitRule;
  /** An entitlement the subscriber's plan must have (403 naming the plan that has it). */
  entitlement?: EntitlementName;
  /** Cache-Control of successful answers; "no-store" by default for every non-public route. */
  cacheControl?: string;
};

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

type NextContext = { params?: Promise<Record<string, string | string[]>> };

const limiters = new Map<string, RateLimiter>();

async function take(bucket: string, rule: RateLimitRule, key: string): Promise<void> {
  if (!getEnv().RATE_LIMIT_ENABLED) return;
  let limiter = limiters.get(bucket);
  if (!limiter) {
    limiter = sharedRateLimiter(`route:${bucket}`, rule);
    limiters.set(bucket, limiter);
  }
  const decision = await limiter.take(key);
  if (!decision.allowed) {
    throw new ApiError(429, `Too many requests. Please wait ${decision.retryAfterSeconds} seconds and try again.`, undefined, {
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

async function parseJson<S extends z.ZodType>(request: Request, schema: S, limit: number): Promise<z.output<S>> {
  if (!isJsonContentType(request.headers.get("content-type"))) throw new ApiError(415, NOT_JSON_MESSAGE);
  const text = await readBodyCapped(request, limit);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "Request body must be valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ApiError(400, "Request body must be a JSON object.");
  const bad: Record<string, string> = {};
  checkStrings(value, "", bad);
  if (Object.keys(bad).length) throw new ApiError(400, Object.values(bad)[0]!, bad);
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new ApiError(400, Object.values(errors)[0] ?? "Invalid request.", errors);
  }
  return result.data;
}

function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const url = new URL(request.url);
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) raw[k] = v;
  const bad: Record<string, string> = {};
  checkStrings(raw, "", bad);
  if (Object.keys(bad).length) throw new ApiError(400, Object.values(bad)[0]!, bad);
  const result = schema.safeParse(raw);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new ApiError(400, Object.values(errors)[0] ?? "Invalid query.", errors);
  }
  return result.data;
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

const NO_STORE = { "Cache-Control": "no-store" };

function errorResponse(error: ApiError): Response {
  const headers = new Headers(error.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return jsonError(error.status, error.message, error.errors, headers);
}

/**
 * Declares a route handler. Order of checks: cross-site state changes of `subscriber` and
 * `admin` routes (403), auth (401/403), rate limit (429), content
 * type (415), body cap (413), characters and schema (400), then the handler. Returns a
 * plain object (sent as JSON, 200), or a Response as it is.
 */
export function defineRoute<BS extends z.ZodType | undefined = undefined, QS extends z.ZodType | undefined = undefined>(
  spec: RouteSpec<BS, QS>,
  handler: (ctx: RouteContext<Out<BS>, Out<QS>>) => Promise<Response | object>,
): (request: Request, context?: NextContext) => Promise<Response> {
  return async (request, context) => {
    try {
      const db = getDb();
      const now = new Date();
      const client = clientKey(request);
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
        if (!secret) throw new ApiError(503, "Scheduled jobs are off on this server: set CRON_SECRET to turn this route on.");
        if (!sameSecret(request.headers.get("authorization") ?? "", `Bearer ${secret}`)) {
          throw new ApiError(401, 'Missing or wrong Authorization header: expected "Bearer <CRON_SECRET>".', undefined, {
            "WWW-Authenticate": 'Bearer realm="cron"',
          });
        }
      } else if (spec.auth === "admin") {
        admin = await getAdmin(request);
        if (!admin) throw new ApiError(401, "Admin sign-in required.");
      } else if (spec.auth === "subscriber") {
        subscriber = await subscriberFromRequest(db, request, now);
        if (!subscriber) throw new ApiError(401, "Sign in to continue.");
      } else if (spec.auth === "apiKey") {
        // Limit by client before the key lookup, so guessing keys is slow.
        if (spec.rateLimit) await take(`${spec.name}:client`, spec.rateLimit, client);
        subscriber = await subscriberForApiKey(db, request, now);
        if (!subscriber) throw new ApiError(401, "A valid API key is required: send Authorization: Bearer <your API key>.", undefined, {
          "WWW-Authenticate": 'Bearer realm="api"',
        });
      }
      if (subscriber) {
        access = await accessOf(db, subscriber.id, now);
        if (spec.auth === "apiKey" && !access.entitlements.apiAccess) throw upgradeRequired("apiAccess", "API access");
        if (spec.entitlement && !access.entitlements[spec.entitlement]) {
          throw upgradeRequired(spec.entitlement, spec.entitlement === "csvExport" ? "CSV export" : "This feature");
        }
      }
      if (spec.rateLimit) {
        await take(spec.name, spec.rateLimit, subscriber ? `s:${subscriber.id}` : `c:${client}`);
      }

      const body = (spec.body ? await parseJson(request, spec.body, spec.bodyLimit ?? BODY_LIMITS.form) : undefined) as Out<BS>;
      const query = (spec.query ? parseQuery(request, spec.query) : undefined) as Out<QS>;
      const rawParams = (await context?.params) ?? {};
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(rawParams)) params[k] = Array.isArray(v) ? v.join("/") : v;

      const result = await handler({ request, db, now, body, query, params, subscriber, access, admin, client });
      if (result instanceof Response) {
        if (spec.auth !== "public" && !result.headers.has("Cache-Control")) result.headers.set("Cache-Control", "no-store");
        return result;
      }
      const cache = spec.cacheControl ?? (spec.auth === "public" ? undefined : "no-store");
      return Response.json(result, { headers: cache ? { "Cache-Control": cache } : undefined });
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      console.error(`[${spec.name}] unexpected error`, error);
      return jsonError(500, "Something went wrong on our side. Please try again in a moment.", undefined, NO_STORE);
    }
  };
}
