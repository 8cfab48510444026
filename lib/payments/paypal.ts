import "server-only";
import { getEnv } from "@/lib/env";
import { PayPalClient } from "./paypal-client";

/** The app's PayPal client (one per process, so its OAuth token cache is shared); null when not configured. */
let cached: { key: string; client: PayPalClient } | undefined;

export function getPayPal(): PayPalClient | null {
  const config = getEnv().paypal;
  if (!config) return null;
  const key = `${config.clientId}:${config.apiUrl}`;
  if (cached?.key !== key) {
    cached = {
      key,
      client: new PayPalClient({ clientId: config.clientId, clientSecret: config.clientSecret, apiUrl: config.apiUrl, webhookId: config.webhookId }),
    };
  }
  return cached.client;
}
