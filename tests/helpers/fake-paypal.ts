import { randomBytes } from "node:crypto";
import { PLANS } from "@/lib/catalog";
import { paypalAmount } from "@/lib/payments/paypal-amount";
import { startLocalServer, type LocalServer, type Reply } from "./http-server";

/**
 * A local stand-in for PayPal's REST API in its wire format, as strict as the real one
 * where our code depends on it:
 * - /v1/oauth2/token (Basic auth), /v1/identity/generate-token;
 * - /v2/checkout/orders (+ GET, + capture, idempotent on PayPal-Request-Id). An order is
 *   CREATED until the buyer approves it (`approve`, or `setCaptureOutcome`, which also
 *   approves); capturing an order the buyer did not approve is 422 ORDER_NOT_APPROVED;
 * - /v1/catalogs/products, /v1/billing/plans (list, create, get), /v1/billing/subscriptions
 *   (create -> APPROVAL_PENDING, get, cancel -> 204 or 422 SUBSCRIPTION_STATUS_INVALID);
 *   `approveSubscription` is the buyer approving (-> ACTIVE with a first payment);
 * - /v1/notifications/verify-webhook-signature: SUCCESS only when the transmission was
 *   signed with `signWebhook`, the webhook_id is ours and `webhook_event` is the signed
 *   body byte for byte (PayPal signs the raw bytes; a re-serialised copy fails).
 * Tests decide what happens at capture (decline, pending).
 * Test-only control routes under /__ (not recorded): POST /__orders/{id}/approve,
 * POST /__subscriptions/{id}/approve (the e2e suite uses them).
 */
type Order = {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  customId: string;
  description: string;
  approved: boolean;
  outcome: "complete" | "decline" | "pending";
  payerEmail: string;
  captureResponse?: Reply;
};

type Product = { id: string; name: string; description: string; type: string; category: string; create_time: string };
type Plan = {
  id: string;
  product_id: string;
  name: string;
  description: string;
  status: string;
  billing_cycles: unknown[];
  payment_preferences: unknown;
  create_time: string;
};
type Subscription = {
  id: string;
  plan_id: string;
  status: string;
  custom_id?: string;
  subscriber: { email_address?: string };
  application_context?: { return_url?: string; cancel_url?: string };
  start_time?: string;
  status_update_time: string;
  billing_info?: { next_billing_time?: string; last_payment?: { amount: { value: string; currency_code: string }; time: string } };
  create_time: string;
};

export type SignatureHeaders = Record<
  "paypal-auth-algo" | "paypal-cert-url" | "paypal-transmission-id" | "paypal-transmission-sig" | "paypal-transmission-time",
  string
>;

export type FakePayPal = LocalServer & {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, Order>;
  products: Map<string, Product>;
  plans: Map<string, Plan>;
  subscriptions: Map<string, Subscription>;
  tokenRequests: () => number;
  /** The buyer approves the order in PayPal (optionally as another payer). */
  approve: (orderId: string, payerEmail?: string) => void;
  /** The buyer approves, and the capture will complete, be declined, or stay pending. */
  setCaptureOutcome: (orderId: string, outcome: Order["outcome"], payerEmail?: string) => void;
  /** An order created straight at PayPal (not through our server), e.g. a 1-cent "ebook". */
  createOrderDirectly: (amount: { currency_code: string; value: string }, customId: string) => string;
  /** The buyer approves the subscription: ACTIVE, first payment taken, next billing in a month. */
  approveSubscription: (subscriptionId: string) => void;
  /** Signs a webhook body as PayPal would; the headers to send with exactly these bytes. */
  signWebhook: (rawBody: string, webhookId?: string) => SignatureHeaders;
};

const newId = () => randomBytes(9).toString("hex").toUpperCase().slice(0, 17);
const iso = (d = new Date()) => d.toISOString().replace(/\.\d{3}Z$/, "Z");
const monthLater = (d: Date) => {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

export async function startFakePayPal(
  port = 0,
  credentials = { clientId: "test-client-id", clientSecret: "test-client-secret" },
  options: { webhookId?: string; seedPlansFromEnv?: boolean } = {},
): Promise<FakePayPal> {
  const orders = new Map<string, Order>();
  const products = new Map<string, Product>();
  const plans = new Map<string, Plan>();
  const subscriptions = new Map<string, Subscription>();
  const tokens = new Set<string>();
  const replays = new Map<string, Reply>();
  const signed = new Map<string, { rawBody: string; webhookId: string; transmissionId: string }>();
  const webhookId = options.webhookId ?? process.env.PAYPAL_WEBHOOK_ID ?? "WH-TEST-1";
  let tokenCount = 0;
  const expectedBasic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64")}`;

  // Plans named in PAYPAL_PLAN_* exist already when the e2e suite runs this fake
  // (tests/helpers/fake-providers-cli.ts, which sets FAKE_PAYPAL_PORT), so the app can subscribe.
  const seedFromEnv = options.seedPlansFromEnv ?? Boolean(process.env.FAKE_PAYPAL_PORT);
  const seed = [
    [process.env.PAYPAL_PLAN_CONSUMER, PLANS.consumer],
    [process.env.PAYPAL_PLAN_PROFESSIONAL, PLANS.professional],
  ] as const;
  for (const [id, plan] of seed) {
    if (!id || !seedFromEnv) continue;
    plans.set(id, {
      id,
      product_id: "PROD-SEEDED",
      name: `TariffWatch ${plan.name}`,
      description: plan.name,
      status: "ACTIVE",
      billing_cycles: [{ frequency: { interval_unit: "MONTH", interval_count: 1 }, tenure_type: "REGULAR", sequence: 1, total_cycles: 0, pricing_scheme: { fixed_price: { value: paypalAmount(plan.amountCents), currency_code: "USD" } } }],
      payment_preferences: {},
      create_time: iso(),
    });
  }

  const error = (status: number, name: string, message: string, issue?: string): Reply => ({
    status,
    body: { name, message, debug_id: newId(), ...(issue ? { details: [{ issue, description: message }] } : {}) },
  });
  const unprocessable = (issue: string, message = "The requested action could not be performed, semantically incorrect, or failed business validation.") =>
    error(422, "UNPROCESSABLE_ENTITY", message, issue);

  const orderBody = (o: Order, base: string) => ({
    id: o.id,
    status: o.status,
    intent: "CAPTURE",
    purchase_units: [{ reference_id: "default", amount: o.amount, custom_id: o.customId, description: o.description }],
    links: [
      { href: `${base}/v2/checkout/orders/${o.id}`, rel: "self", method: "GET" },
      { href: `https://www.sandbox.paypal.com/checkoutnow?token=${o.id}`, rel: "approve", method: "GET" },
      { href: `${base}/v2/checkout/orders/${o.id}/capture`, rel: "capture", method: "POST" },
    ],
  });

  const subscriptionBody = (s: Subscription, base: string) => ({
    id: s.id,
    plan_id: s.plan_id,
    status: s.status,
    status_update_time: s.status_update_time,
    ...(s.custom_id ? { custom_id: s.custom_id } : {}),
    subscriber: s.subscriber,
    ...(s.start_time ? { start_time: s.start_time } : {}),
    ...(s.billing_info ? { billing_info: s.billing_info } : {}),
    create_time: s.create_time,
    links: [
      ...(s.status === "APPROVAL_PENDING"
        ? [{ href: `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-${s.id.slice(2)}`, rel: "approve", method: "GET" }]
        : []),
      { href: `${base}/v1/billing/subscriptions/${s.id}`, rel: "self", method: "GET" },
    ],
  });

  const approveOrder = (orderId: string, payerEmail?: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`No order ${orderId}`);
    if (order.status === "CREATED") order.status = "APPROVED";
    order.approved = true;
    if (payerEmail) order.payerEmail = payerEmail;
  };
  const approveSubscription = (subscriptionId: string) => {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`No subscription ${subscriptionId}`);
    if (sub.status !== "APPROVAL_PENDING") return;
    const plan = plans.get(sub.plan_id);
    const price = (plan?.billing_cycles[0] as { pricing_scheme?: { fixed_price?: { value: string; currency_code: string } } } | undefined)?.pricing_scheme?.fixed_price;
    const now = new Date();
    sub.status = "ACTIVE";
    sub.start_time = iso(now);
    sub.status_update_time = iso(now);
    sub.billing_info = {
      next_billing_time: iso(monthLater(now)),
      ...(price ? { last_payment: { amount: price, time: iso(now) } } : {}),
    };
  };

  let base = "";
  const server = await startLocalServer((req, url) => {
    const path = url.pathname;
    // Test controls (the buyer's side at PayPal), not part of the API.
    const control = path.match(/^\/__(orders|subscriptions)\/([A-Z0-9-]+)\/approve$/);
    if (req.method === "POST" && control) {
      try {
        if (control[1] === "orders") approveOrder(control[2] ?? "");
        else approveSubscription(control[2] ?? "");
        return { status: 200, body: { ok: true } };
      } catch (e) {
        return error(404, "RESOURCE_NOT_FOUND", String(e));
      }
    }
    if (req.method === "POST" && path === "/v1/oauth2/token") {
      if (req.headers.authorization !== expectedBasic) return error(401, "invalid_client", "Client Authentication failed");
      tokenCount += 1;
      const token = `A21AA${randomBytes(12).toString("hex")}`;
      tokens.add(token);
      return { status: 200, body: { scope: "https://uri.paypal.com/services/payments", access_token: token, token_type: "Bearer", app_id: "APP-TEST", expires_in: 32400, nonce: newId() } };
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, "");
    if (!bearer || !tokens.has(bearer)) return error(401, "AUTHENTICATION_FAILURE", "Authentication failed due to invalid authentication credentials or a missing Authorization header.");

    const requestId = req.headers["paypal-request-id"];
    const replayKey = typeof requestId === "string" ? `${path} ${requestId}` : null;
    if (replayKey && replays.has(replayKey)) return replays.get(replayKey) as Reply;
    const remember = (reply: Reply) => {
      if (replayKey) replays.set(replayKey, reply);
      return reply;
    };

    if (req.method === "POST" && path === "/v1/identity/generate-token") {
      return { status: 200, body: { client_token: `ct_${randomBytes(16).toString("hex")}`, expires_in: 3600 } };
    }
    if (req.method === "POST" && path === "/v2/checkout/orders") {
      const body = JSON.parse(req.body || "{}") as { intent?: string; purchase_units?: { amount?: { currency_code: string; value: string }; custom_id?: string; description?: string }[] };
      const unit = body.purchase_units?.[0];
      if (body.intent !== "CAPTURE" || !unit?.amount) return unprocessable("MISSING_REQUIRED_PARAMETER");
      if (!/^\d{1,10}(\.\d{2})?$/.test(unit.amount.value)) return error(400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", "DECIMAL_PRECISION");
      const order: Order = { id: newId(), status: "CREATED", amount: unit.amount, customId: unit.custom_id ?? "", description: unit.description ?? "", approved: false, outcome: "complete", payerEmail: "buyer@example.com" };
      orders.set(order.id, order);
      return remember({ status: 201, body: orderBody(order, base) });
    }
    const orderMatch = path.match(/^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/);
    if (orderMatch) {
      const order = orders.get(orderMatch[1] ?? "");
      if (!order) return error(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
      if (req.method === "GET" && !orderMatch[2]) return { status: 200, body: orderBody(order, base) };
      if (req.method === "POST" && orderMatch[2]) {
        if (order.status === "COMPLETED") return unprocessable("ORDER_ALREADY_CAPTURED", "Order already captured.");
        if (!order.approved) return unprocessable("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
        if (order.outcome === "decline") return remember(unprocessable("INSTRUMENT_DECLINED", "The instrument presented was either declined by the processor or bank, or it can't be used for this payment."));
        const captureStatus = order.outcome === "pending" ? "PENDING" : "COMPLETED";
        order.status = "COMPLETED";
        const capture = {
          id: newId(),
          status: captureStatus,
          ...(captureStatus === "PENDING" ? { status_details: { reason: "PENDING_REVIEW" } } : {}),
          amount: order.amount,
          custom_id: order.customId,
          final_capture: true,
          supplementary_data: { related_ids: { order_id: order.id } },
          create_time: new Date().toISOString(),
        };
        return remember({
          status: 201,
          body: {
            id: order.id,
            status: order.status,
            payer: { email_address: order.payerEmail, name: { given_name: "Test", surname: "Buyer" }, payer_id: newId() },
            purchase_units: [{ reference_id: "default", payments: { captures: [capture] } }],
            links: [{ href: `${base}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" }],
          },
        });
      }
    }

    // Catalog products and billing plans.
    if (path === "/v1/catalogs/products") {
      if (req.method === "GET") {
        const all = [...products.values()];
        const size = Number(url.searchParams.get("page_size") ?? 10);
        const page = Number(url.searchParams.get("page") ?? 1);
        return { status: 200, body: { products: all.slice((page - 1) * size, page * size), total_items: all.length, total_pages: Math.max(1, Math.ceil(all.length / size)) } };
      }
      if (req.method === "POST") {
        const body = JSON.parse(req.body || "{}") as Partial<Product>;
        if (!body.name || !body.type) return error(400, "INVALID_REQUEST", "Request is not well-formed.", "MISSING_REQUIRED_PARAMETER");
        const product: Product = { id: `PROD-${newId()}`, name: body.name, description: body.description ?? "", type: body.type, category: body.category ?? "", create_time: iso() };
        products.set(product.id, product);
        return remember({ status: 201, body: product });
      }
    }
    if (path === "/v1/billing/plans") {
      if (req.method === "GET") {
        const productId = url.searchParams.get("product_id");
        const all = [...plans.values()].filter((p) => !productId || p.product_id === productId);
        const size = Number(url.searchParams.get("page_size") ?? 10);
        const page = Number(url.searchParams.get("page") ?? 1);
        return {
          status: 200,
          body: { plans: all.slice((page - 1) * size, page * size).map(({ id, product_id, name, status, create_time }) => ({ id, product_id, name, status, create_time })), total_items: all.length, total_pages: Math.max(1, Math.ceil(all.length / size)) },
        };
      }
      if (req.method === "POST") {
        const body = JSON.parse(req.body || "{}") as Partial<Plan>;
        if (!body.product_id || !products.has(body.product_id)) return unprocessable("INVALID_PARAMETER_VALUE", "The product id is not valid.");
        if (!body.name || !Array.isArray(body.billing_cycles) || body.billing_cycles.length === 0) return error(400, "INVALID_REQUEST", "Request is not well-formed.", "MISSING_REQUIRED_PARAMETER");
        const plan: Plan = { id: `P-${newId()}`, product_id: body.product_id, name: body.name, description: body.description ?? "", status: body.status ?? "ACTIVE", billing_cycles: body.billing_cycles, payment_preferences: body.payment_preferences ?? {}, create_time: iso() };
        plans.set(plan.id, plan);
        return remember({ status: 201, body: plan });
      }
    }
    const planMatch = path.match(/^\/v1\/billing\/plans\/([A-Z0-9-]+)$/);
    if (planMatch && req.method === "GET") {
      const plan = plans.get(planMatch[1] ?? "");
      return plan ? { status: 200, body: plan } : error(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
    }

    // Subscriptions.
    if (req.method === "POST" && path === "/v1/billing/subscriptions") {
      const body = JSON.parse(req.body || "{}") as { plan_id?: string; custom_id?: string; subscriber?: { email_address?: string }; application_context?: Subscription["application_context"] };
      const plan = body.plan_id ? plans.get(body.plan_id) : undefined;
      if (!plan) return error(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
      if (plan.status !== "ACTIVE") return unprocessable("PLAN_STATUS_INVALID", "Invalid plan status. You cannot create a subscription for a plan that is not ACTIVE.");
      const now = iso();
      const sub: Subscription = {
        id: `I-${newId()}`,
        plan_id: plan.id,
        status: "APPROVAL_PENDING",
        ...(body.custom_id ? { custom_id: body.custom_id } : {}),
        subscriber: { ...(body.subscriber?.email_address ? { email_address: body.subscriber.email_address } : {}) },
        application_context: body.application_context,
        status_update_time: now,
        create_time: now,
      };
      subscriptions.set(sub.id, sub);
      return remember({ status: 201, body: subscriptionBody(sub, base) });
    }
    const subMatch = path.match(/^\/v1\/billing\/subscriptions\/([A-Z0-9-]+)(\/cancel)?$/);
    if (subMatch) {
      const sub = subscriptions.get(subMatch[1] ?? "");
      if (!sub) return error(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
      if (req.method === "GET" && !subMatch[2]) return { status: 200, body: subscriptionBody(sub, base) };
      if (req.method === "POST" && subMatch[2]) {
        if (sub.status !== "ACTIVE" && sub.status !== "SUSPENDED") return unprocessable("SUBSCRIPTION_STATUS_INVALID", "Invalid subscription status for cancel action; subscription status should be active or suspended.");
        sub.status = "CANCELLED";
        sub.status_update_time = iso();
        if (sub.billing_info) delete sub.billing_info.next_billing_time;
        return { status: 204, body: undefined };
      }
    }

    if (req.method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      let body: { transmission_sig?: string; transmission_id?: string; webhook_id?: string; webhook_event?: unknown };
      try {
        body = JSON.parse(req.body || "{}") as typeof body;
      } catch {
        return error(400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", "MALFORMED_REQUEST_JSON");
      }
      if (!body.webhook_event || typeof body.webhook_event !== "object") return error(400, "VALIDATION_ERROR", "Invalid data provided", "MISSING_REQUIRED_PARAMETER");
      const entry = body.transmission_sig ? signed.get(body.transmission_sig) : undefined;
      const genuine =
        entry !== undefined &&
        entry.transmissionId === body.transmission_id &&
        entry.webhookId === body.webhook_id &&
        // The signature covers the bytes PayPal sent: webhook_event must be exactly those bytes.
        req.body.includes(`"webhook_event":${entry.rawBody}`);
      return { status: 200, body: { verification_status: genuine ? "SUCCESS" : "FAILURE" } };
    }
    return error(404, "NOT_FOUND", `No route for ${req.method} ${path}`);
  }, port);
  base = server.url;

  return {
    ...server,
    ...credentials,
    webhookId,
    orders,
    products,
    plans,
    subscriptions,
    tokenRequests: () => tokenCount,
    approve: approveOrder,
    setCaptureOutcome: (orderId, outcome, payerEmail) => {
      approveOrder(orderId, payerEmail);
      const order = orders.get(orderId);
      if (order) order.outcome = outcome;
    },
    createOrderDirectly: (amount, customId) => {
      const order: Order = { id: newId(), status: "CREATED", amount, customId, description: customId, approved: false, outcome: "complete", payerEmail: "buyer@example.com" };
      orders.set(order.id, order);
      return order.id;
    },
    approveSubscription,
    signWebhook: (rawBody, id = webhookId) => {
      const sig = randomBytes(24).toString("base64");
      const transmissionId = `tx-${newId()}`;
      signed.set(sig, { rawBody, webhookId: id, transmissionId });
      return {
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-sig": sig,
        "paypal-transmission-time": iso(),
      };
    },
  };
}
