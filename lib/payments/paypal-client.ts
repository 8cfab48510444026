import { PaymentError } from "./errors";

/**
 * A small client for PayPal's REST API (OAuth token, client token, Orders v2, webhook
 * verification). The OAuth token is cached until shortly before it expires. Create and
 * capture carry a PayPal-Request-Id, so a retried call cannot charge twice.
 * `fetch` and the clock are injected for tests.
 */
export type PayPalConfig = { clientId: string; clientSecret: string; apiUrl: string; webhookId?: string };

export type PayPalOrder = {
  id: string;
  status: string;
  links?: { href: string; rel: string; method?: string }[];
  purchase_units?: {
    custom_id?: string;
    description?: string;
    amount?: { currency_code: string; value: string };
    payments?: { captures?: PayPalCapture[] };
  }[];
  payer?: { email_address?: string; name?: { given_name?: string; surname?: string } };
};

export type PayPalCapture = {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
  custom_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
  links?: { href: string; rel: string }[];
};

type Fetch = typeof fetch;

export class PayPalClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly config: PayPalConfig,
    private readonly fetchImpl: Fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  /** OAuth access token, cached until 60 s before it expires. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString("base64");
    const body = await this.send<{ access_token: string; expires_in: number }>("/v1/oauth2/token", {
      method: "POST",
      headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    if (typeof body.access_token !== "string") throw new PaymentError(502, "PayPal returned no access token.");
    this.token = { value: body.access_token, expiresAt: this.now() + Math.max(0, (Number(body.expires_in) || 0) - 60) * 1000 };
    return this.token.value;
  }

  async generateClientToken(): Promise<string> {
    const body = await this.authed<{ client_token?: string }>("/v1/identity/generate-token", { method: "POST" });
    if (!body.client_token) throw new PaymentError(502, "PayPal returned no client token.");
    return body.client_token;
  }

  async createOrder(
    order: { amountValue: string; currency: string; description: string; customId: string; returnUrl?: string; cancelUrl?: string },
    requestId: string,
  ): Promise<PayPalOrder> {
    return this.authed<PayPalOrder>("/v2/checkout/orders", {
      method: "POST",
      headers: { "PayPal-Request-Id": requestId, Prefer: "return=representation" },
      body: JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [
          {
            amount: { currency_code: order.currency, value: order.amountValue },
            description: order.description,
            custom_id: order.customId,
          },
        ],
        // application_context (not payment_source.experience_context) so the answer carries the
        // rel "approve" link the purchase page follows.
        ...(order.returnUrl
          ? {
              application_context: {
                return_url: order.returnUrl,
                cancel_url: order.cancelUrl ?? order.returnUrl,
                user_action: "PAY_NOW",
                shipping_preference: "NO_SHIPPING",
                brand_name: "TariffWatch",
              },
            }
          : {}),
      }),
    });
  }

  async getOrder(orderId: string): Promise<PayPalOrder> {
    return this.authed<PayPalOrder>(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, { method: "GET" });
  }

  /** Captures an approved order. The request id is derived from the order, so a retry is the same capture. */
  async captureOrder(orderId: string): Promise<PayPalOrder> {
    return this.authed<PayPalOrder>(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
      method: "POST",
      headers: { "PayPal-Request-Id": `capture-${orderId}`, Prefer: "return=representation" },
    });
  }

  /**
   * Cancels a billing subscription (Subscriptions v1): PayPal bills it no more. PayPal
   * answers 204; a subscription already cancelled answers 422, which we treat as done.
   */
  async cancelSubscription(subscriptionId: string, reason: string): Promise<void> {
    try {
      await this.authed<null>(`/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {
        method: "POST",
        body: JSON.stringify({ reason: reason.slice(0, 128) }),
      });
    } catch (error) {
      if (error instanceof PaymentError && error.status === 400 && /SUBSCRIPTION_STATUS_INVALID|already/i.test(error.message)) return;
      throw error;
    }
  }

  /** Asks PayPal whether a webhook delivery is genuine. */
  async verifyWebhookSignature(headers: Record<string, string>, event: unknown): Promise<boolean> {
    if (!this.config.webhookId) return false;
    const body = await this.authed<{ verification_status?: string }>("/v1/notifications/verify-webhook-signature", {
      method: "POST",
      body: JSON.stringify({
        auth_algo: headers["paypal-auth-algo"],
        cert_url: headers["paypal-cert-url"],
        transmission_id: headers["paypal-transmission-id"],
        transmission_sig: headers["paypal-transmission-sig"],
        transmission_time: headers["paypal-transmission-time"],
        webhook_id: this.config.webhookId,
        webhook_event: event,
      }),
    });
    return body.verification_status === "SUCCESS";
  }

  private async authed<T>(path: string, init: RequestInit): Promise<T> {
    const token = await this.accessToken();
    return this.send<T>(path, {
      ...init,
      headers: { "Content-Type": "application/json", ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` },
    });
  }

  private async send<T>(path: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.config.apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (error) {
      console.error(`[payments] PayPal ${path} unreachable:`, error instanceof Error ? error.message : error);
      throw new PaymentError(502, "PayPal could not be reached. Please try again in a moment.");
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) {
      if (path.endsWith("/oauth2/token")) this.token = null;
      const detail = typeof body === "object" && body !== null && "message" in body ? String((body as { message: unknown }).message) : text.slice(0, 200);
      console.error(`[payments] PayPal ${path} answered ${response.status}: ${detail}`);
      if (response.status === 422 || response.status === 404) throw new PaymentError(400, `PayPal refused the request: ${detail}`);
      throw new PaymentError(502, "PayPal could not process the request. Please try again in a moment.");
    }
    return body as T;
  }
}
