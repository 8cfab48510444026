import "server-only";
import Stripe from "stripe";
import { getEnv } from "@/lib/env";

/**
 * The Stripe SDK, configured from the environment; null when card payments are not
 * configured. STRIPE_API_URL points it at a local double in tests.
 */
let cached: { key: string; client: Stripe } | undefined;

/**
 * The Stripe API version this code is written for: the one the pinned `stripe` package
 * speaks. Requests use it; webhook events of another version are not applied
 * (app/api/webhooks/stripe). Upgrading the package changes it: see docs/billing.md.
 */
export const STRIPE_API_VERSION = Stripe.API_VERSION;

/** Stripe's signature tolerance (seconds), applied in both directions: too old and too far in the future. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The `t=` of a Stripe-Signature header, when it is within the tolerance of `nowMs` either
 * way. The SDK only refuses old timestamps; a timestamp from the future is refused here.
 */
export function signatureTimestampProblem(header: string, nowMs: number): string | null {
  const stamps = header
    .split(",")
    .map((part) => part.trim().split("="))
    .filter(([k]) => k === "t")
    .map(([, v]) => Number(v));
  if (stamps.length !== 1 || !Number.isSafeInteger(stamps[0])) return "The signature has no valid timestamp.";
  const skew = Math.abs(Math.floor(nowMs / 1000) - (stamps[0] as number));
  return skew > WEBHOOK_TOLERANCE_SECONDS ? "The signature's timestamp is outside the tolerance." : null;
}

export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: "TariffWatch" },
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port || (target.protocol === "https:" ? 443 : 80)),
          protocol: target.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

export function getStripe(): Stripe | null {
  const config = getEnv().stripe;
  if (!config) return null;
  if (cached?.key !== config.secretKey + (config.apiUrl ?? "")) {
    cached = { key: config.secretKey + (config.apiUrl ?? ""), client: createStripeClient(config.secretKey, config.apiUrl) };
  }
  return cached.client;
}

export type { Stripe };
