import "server-only";
import Stripe from "stripe";
import { getEnv } from "@/lib/env";

/**
 * The Stripe SDK, configured from the environment; null when card payments are not
 * configured. STRIPE_API_URL points it at a local double in tests.
 */
let cached: { key: string; client: Stripe } | undefined;

export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
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
