import { PaymentError } from "./errors";

/**
 * A small client for PayPal's REST API (OAuth token, client token, Orders v2, catalog
 * products, billing plans and subscriptions, webhook verification). The OAuth token is cached until shortly before it expires. Create and
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

export type PayPalProduct = { id: string; name: string; type?: string };
export type PayPalPlan = { id: string; product_id: string; name: string; status: string };
export type PayPalSubscription = {
  id: string;
  plan_id?: string;
  /** APPROVAL_PENDING, APPROVED, ACTIVE, SUSPENDED, CANCELLED, EXPIRED */
  status: string;
  custom_id?: string;
  start_time?: string;
  status_update_time?: string;
  subscriber?: { email_address?: string };
  billing_info?: { next_billing_time?: string; last_payment?: { amount?: { value: string; currency_code: string }; time?: string } };
  links?: { href: string; rel: string; method?: string }[];
};

/** PayPal refused a call (4xx): `issue` is the first details[].issue (e.g. ORDER_NOT_APPROVED). */
export class PayPalApiError extends PaymentError {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly issue: string | null,
  ) {
    super(400, message);
    this.name = "PayPalApiError";
  }
}

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

  /** Catalog products (Catalog Products v1), every page. */
  async listProducts(): Promise<PayPalProduct[]> {
    const all: PayPalProduct[] = [];
    for (let page = 1; page <= 50; page += 1) {
      const body = await this.authed<{ products?: PayPalProduct[]; total_pages?: number }>(`/v1/catalogs/products?page_size=20&page=${page}&total_required=true`, { method: "GET" });
      all.push(...(body.products ?? []));
      if (!body.products?.length || page >= (body.total_pages ?? 1)) break;
    }
    return all;
  }

  async createProduct(product: { name: string; description: string }, requestId: string): Promise<PayPalProduct> {
    return this.authed<PayPalProduct>("/v1/catalogs/products", {
      method: "POST",
      headers: { "PayPal-Request-Id": requestId, Prefer: "return=representation" },
      body: JSON.stringify({ name: product.name, description: product.description, type: "SERVICE", category: "SOFTWARE" }),
    });
  }

  /** Billing plans of one product, every page. */
  async listPlans(productId: string): Promise<PayPalPlan[]> {
    const all: PayPalPlan[] = [];
    for (let page = 1; page <= 50; page += 1) {
      const body = await this.authed<{ plans?: PayPalPlan[]; total_pages?: number }>(
        `/v1/billing/plans?product_id=${encodeURIComponent(productId)}&page_size=20&page=${page}&total_required=true`,
        { method: "GET" },
      );
      all.push(...(body.plans ?? []));
      if (!body.plans?.length || page >= (body.total_pages ?? 1)) break;
    }
    return all;
  }

  /** A monthly plan billed until cancelled (total_cycles 0) at a fixed price. */
  async createMonthlyPlan(plan: { productId: string; name: string; description: string; amountValue: string; currency: string }, requestId: string): Promise<PayPalPlan> {
    return this.authed<PayPalPlan>("/v1/billing/plans", {
      method: "POST",
      headers: { "PayPal-Request-Id": requestId, Prefer: "return=representation" },
      body: JSON.stringify({
        product_id: plan.productId,
        name: plan.name,
        description: plan.description,
        status: "ACTIVE",
        billing_cycles: [
          {
            frequency: { interval_unit: "MONTH", interval_count: 1 },
            tenure_type: "REGULAR",
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: { fixed_price: { value: plan.amountValue, currency_code: plan.currency } },
          },
        ],
        payment_preferences: { auto_bill_outstanding: true, setup_fee_failure_action: "CANCEL", payment_failure_threshold: 3 },
      }),
    });
  }

  /** Creates a subscription awaiting the buyer's approval (status APPROVAL_PENDING). */
  async createSubscription(
    sub: { planId: string; email: string; customId: string; returnUrl: string; cancelUrl: string },
    requestId: string,
  ): Promise<PayPalSubscription> {
    return this.authed<PayPalSubscription>("/v1/billing/subscriptions", {
      method: "POST",
      headers: { "PayPal-Request-Id": requestId, Prefer: "return=representation" },
      body: JSON.stringify({
        plan_id: sub.planId,
        custom_id: sub.customId,
        subscriber: { email_address: sub.email },
        application_context: {
          brand_name: "TariffWatch",
          user_action: "SUBSCRIBE_NOW",
          shipping_preference: "NO_SHIPPING",
          return_url: sub.returnUrl,
          cancel_url: sub.cancelUrl,
        },
      }),
    });
  }

  async getSubscription(subscriptionId: string): Promise<PayPalSubscription> {
    return this.authed<PayPalSubscription>(`/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`, { method: "GET" });
  }

  /**
   * Cancels a billing subscription (Subscriptions v1): PayPal bills it no more. PayPal
   * answers 204; a subscription already cancelled answers 422 SUBSCRIPTION_STATUS_INVALID,
   * which we treat as done.
   */
  async cancelSubscription(subscriptionId: string, reason: string): Promise<void> {
    try {
      await this.authed<null>(`/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {
        method: "POST",
        body: JSON.stringify({ reason: reason.slice(0, 128) }),
      });
    } catch (error) {
      if (error instanceof PayPalApiError && error.issue === "SUBSCRIPTION_STATUS_INVALID") return;
      throw error;
    }
  }

  /**
   * Asks PayPal whether a webhook delivery is genuine. PayPal signs the bytes it sent, so
   * `webhook_event` is the raw body spliced into the request verbatim, never a parsed and
   * re-serialised copy (key order, number and Unicode formatting would differ): PayPal's
   * own advice, github.com/paypal/PayPal-node-SDK/issues/294. The raw body must be JSON
   * (the route checks it parses) so the request stays valid JSON.
   */
  async verifyWebhookSignature(headers: Record<string, string>, rawBody: string): Promise<boolean> {
    if (!this.config.webhookId) return false;
    const fields = JSON.stringify({
      auth_algo: headers["paypal-auth-algo"],
      cert_url: headers["paypal-cert-url"],
      transmission_id: headers["paypal-transmission-id"],
      transmission_sig: headers["paypal-transmission-sig"],
      transmission_time: headers["paypal-transmission-time"],
      webhook_id: this.config.webhookId,
    });
    const body = await this.authed<{ verification_status?: string }>("/v1/notifications/verify-webhook-signature", {
      method: "POST",
      body: `${fields.slice(0, -1)},"webhook_event":${rawBody}}`,
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
      const issue = (body as { details?: { issue?: unknown }[] } | null)?.details?.[0]?.issue;
      console.error(`[payments] PayPal ${path} answered ${response.status}: ${detail}${typeof issue === "string" ? ` (${issue})` : ""}`);
      if (response.status === 422 || response.status === 404) {
        throw new PayPalApiError(`PayPal refused the request: ${detail}`, response.status, typeof issue === "string" ? issue : null);
      }
      throw new PaymentError(502, "PayPal could not process the request. Please try again in a moment.");
    }
    return body as T;
  }
}
