import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import type { PrismaClient } from "@/lib/db/generated/client";
import { newClientIp } from "../helpers/requests";

const DAY_MS = 86_400_000;

export type PlanFixture = "trial" | "consumer" | "professional" | "pro-alerts" | "lapsed";

/** A subscriber with a running trial, an active card subscription to a plan, or a trial that ended; signed in. */
export async function subscriberOnPlan(db: PrismaClient, plan: PlanFixture, email = `s-${Math.random().toString(36).slice(2)}@example.com`) {
  const now = new Date();
  const sub = await db.subscriber.create({ data: { email }, select: { id: true } });
  if (plan === "trial" || plan === "lapsed") {
    const lapsed = plan === "lapsed";
    await db.freeTrial.create({
      data: {
        email,
        firstName: "Test",
        lastName: "Person",
        subscriberId: sub.id,
        startDate: new Date(now.getTime() - (lapsed ? 10 : 1) * DAY_MS),
        endDate: new Date(now.getTime() + (lapsed ? -3 : 6) * DAY_MS),
      },
    });
  } else {
    await db.subscription.create({
      data: {
        provider: "stripe",
        providerSubscriptionId: `sub_${Math.random().toString(36).slice(2)}`,
        email,
        planId: plan,
        status: "active",
        subscriberId: sub.id,
        currentPeriodEnd: new Date(now.getTime() + 30 * DAY_MS),
      },
    });
  }
  const { token } = await createSession(db, sub.id, now);
  return { id: sub.id, email, cookie: `${subscriberCookieName()}=${token}` };
}

/** A request from a fresh client address, with a session cookie or an API key, and a JSON or raw body. */
export function apiRequest(
  method: string,
  path: string,
  opts: { cookie?: string; key?: string; json?: unknown; raw?: string; type?: string } = {},
): Request {
  const headers: Record<string, string> = { "x-forwarded-for": newClientIp() };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.json !== undefined) headers["content-type"] = "application/json";
  if (opts.raw !== undefined) headers["content-type"] = opts.type ?? "text/csv";
  return new Request(`http://localhost${path}`, {
    method,
    headers,
    body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.raw,
  });
}
