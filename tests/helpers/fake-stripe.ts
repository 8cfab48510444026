import { randomBytes } from "node:crypto";
import { startLocalServer, type LocalServer, type RecordedRequest, type Reply } from "./http-server";

/**
 * A local stand-in for the part of Stripe's API the project calls, in Stripe's wire
 * format: form-encoded bodies under /v1, JSON objects with `object` fields, list
 * envelopes, idempotent replays by Idempotency-Key, and Stripe-shaped errors.
 * Control endpoints under /__control let a test move a payment to succeeded.
 */
type Obj = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

/** Decodes Stripe's form encoding (`items[0][price]=x&expand[0]=y&metadata[k]=v`) into nested objects. */
export function decodeStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= {};
        node = node[part] as Obj;
      }
    });
  }
  return root;
}

const asList = (value: unknown): unknown[] =>
  value && typeof value === "object" ? Object.keys(value).sort((a, b) => Number(a) - Number(b)).map((k) => (value as Obj)[k]) : [];

export type FakeStripe = LocalServer & {
  customers: Map<string, Obj>;
  prices: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  /** Customer portal sessions created (POST /v1/billing_portal/sessions). */
  portalSessions: Obj[];
  /** Requests that carried an Idempotency-Key header, by path. */
  idempotencyKeys: () => { path: string; key: string }[];
  succeed: (paymentIntentId: string) => void;
  /** Marks a subscription paid and active (what a confirmed first invoice does). */
  activate: (subscriptionId: string) => void;
  /** Makes the next `count` create calls fail like an outage (500); the SDK retries twice. */
  failNext: (count?: number) => void;
};

/** The outcome of each test card number at confirm, as Stripe documents its test cards. */
const TEST_CARDS: Readonly<Record<string, { status: "succeeded" | "requires_action" } | { code: string; decline_code?: string; message: string }>> = {
  "4242424242424242": { status: "succeeded" },
  "5555555555554444": { status: "succeeded" },
  "4000000000000002": { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  "4000000000009995": { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000000069": { code: "expired_card", message: "Your card has expired." },
  "4000000000003220": { status: "requires_action" },
};

export type FakeStripeOptions = {
  /**
   * Called with each event this double makes, in Stripe's event shape (the demo payment
   * server delivers them, signed, to the app's webhook): a first payment gives
   * charge.succeeded, payment_intent.succeeded, invoice.paid and customer.subscription.updated;
   * a decline payment_intent.payment_failed; an update or cancel customer.subscription.*.
   */
  onEvent?: (event: Obj) => void;
  /** The API version stamped on events (the app applies only its own). */
  apiVersion?: string;
  /** Extra routes answered before Stripe's (the demo server's stand-in of Stripe.js). */
  extra?: (req: RecordedRequest, url: URL) => Reply | null;
};

export async function startFakeStripe(port = 0, options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const portalSessions: Obj[] = [];
  const replays = new Map<string, Reply>();
  let failRemaining = 0;

  const list = (data: Obj[], url: string): Reply => ({ status: 200, body: { object: "list", data, has_more: false, url } });
  const notFound = (what: string): Reply => ({
    status: 404,
    body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } },
  });

  function newPaymentIntent(amount: number, currency: string, extra: Obj): Obj {
    const piId = id("pi");
    const pi: Obj = {
      id: piId,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency,
      status: "requires_payment_method",
      client_secret: `${piId}_secret_${randomBytes(8).toString("hex")}`,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      metadata: {},
      receipt_email: null,
      last_payment_error: null,
      ...extra,
    };
    paymentIntents.set(piId, pi);
    return pi;
  }

  const now = () => Math.floor(Date.now() / 1000);
  function emit(type: string, object: Obj): void {
    options.onEvent?.({
      id: id("evt"),
      object: "event",
      api_version: options.apiVersion ?? null,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    });
  }

  /** The subscription whose first invoice this intent pays, if any. */
  const subscriptionOfIntent = (pi: Obj) =>
    [...subscriptions.values()].find((s) => ((s.latest_invoice as Obj | undefined)?.confirmation_secret as Obj | undefined)?.client_secret === pi.client_secret) ?? null;

  /**
   * What Stripe does when a card pays an intent: the intent succeeds with a charge; when it
   * pays a subscription's first invoice, the invoice is paid and the subscription active.
   */
  function succeedIntent(pi: Obj, card: { brand: string; last4: string } = { brand: "visa", last4: "4242" }): Obj | null {
    const method: Obj = { id: id("pm"), object: "payment_method", type: "card", card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 } };
    const charge: Obj = {
      id: id("ch"),
      object: "charge",
      amount: pi.amount,
      currency: pi.currency,
      status: "succeeded",
      paid: true,
      payment_intent: pi.id,
      payment_method: method.id,
      payment_method_details: { type: "card", card: method.card },
      receipt_email: pi.receipt_email ?? null,
      created: now(),
      livemode: false,
    };
    pi.status = "succeeded";
    pi.amount_received = pi.amount;
    pi.payment_method = method.id;
    pi.latest_charge = charge.id;
    pi.last_payment_error = null;
    const subscription = subscriptionOfIntent(pi);
    emit("charge.succeeded", charge);
    emit("payment_intent.succeeded", pi);
    if (subscription) {
      const invoice = subscription.latest_invoice as Obj;
      invoice.status = "paid";
      invoice.amount_paid = invoice.amount_due;
      invoice.billing_reason = "subscription_create";
      subscription.status = "active";
      subscription.default_payment_method = method.id;
      emit("invoice.paid", invoice);
      emit("customer.subscription.updated", subscription);
    }
    return subscription;
  }

  /** POST /v1/payment_intents/{id}/confirm with a test card number (what Stripe.js does for the browser). */
  function confirmIntent(pi: Obj, form: Obj): Reply {
    if (form.client_secret !== undefined && form.client_secret !== pi.client_secret) return notFound("payment_intent");
    if (pi.status === "succeeded") {
      return { status: 400, body: { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "This PaymentIntent has already succeeded." } } };
    }
    const data = (form.payment_method_data ?? {}) as Obj;
    const number = String((data.card as Obj | undefined)?.number ?? "").replace(/\D/g, "");
    const outcome = TEST_CARDS[number] ?? { code: "incorrect_number", message: "Your card number is incorrect." };
    if ("status" in outcome) {
      if (outcome.status === "succeeded") succeedIntent(pi, { brand: number.startsWith("5") ? "mastercard" : "visa", last4: number.slice(-4) });
      else {
        pi.status = "requires_action";
        pi.next_action = { type: "use_stripe_sdk" };
      }
      return { status: 200, body: pi };
    }
    const error = { type: "card_error", code: outcome.code, ...(outcome.decline_code ? { decline_code: outcome.decline_code } : {}), message: outcome.message };
    pi.status = "requires_payment_method";
    pi.last_payment_error = error;
    emit("payment_intent.payment_failed", pi);
    return { status: 402, body: { error: { ...error, payment_intent: pi } } };
  }

  function handle(req: RecordedRequest, url: URL): Reply {
    const form = decodeStripeForm(req.body);
    const path = url.pathname;
    const extra = options.extra?.(req, url);
    if (extra) return extra;
    if (req.method === "POST" && failRemaining > 0) {
      failRemaining -= 1;
      return { status: 500, body: { error: { type: "api_error", message: "Simulated outage" } } };
    }
    // Control (not Stripe's API), for tests that run this double in another process (the
    // Playwright server): what Stripe does when the browser confirms a payment. The intent
    // succeeds; when it pays a subscription's first invoice, the invoice is paid and the
    // subscription active. Answers both, so the test can send the webhooks Stripe would.
    const succeedMatch = path.match(/^\/__control\/payment_intents\/([^/]+)\/succeed$/);
    if (req.method === "POST" && succeedMatch) {
      const pi = paymentIntents.get(succeedMatch[1] ?? "");
      if (!pi) return notFound("payment_intent");
      const subscription = succeedIntent(pi);
      return { status: 200, body: { payment_intent: pi, subscription } };
    }
    if (req.method === "GET" && path === "/v1/customers") {
      const email = url.searchParams.get("email");
      return list([...customers.values()].filter((c) => !email || c.email === email), path);
    }
    if (req.method === "POST" && path === "/v1/customers") {
      const customer: Obj = { id: id("cus"), object: "customer", email: form.email ?? null, metadata: form.metadata ?? {}, created: Math.floor(Date.now() / 1000) };
      customers.set(customer.id as string, customer);
      return { status: 200, body: customer };
    }
    if (req.method === "GET" && path === "/v1/prices") {
      const keys = [...url.searchParams.entries()].filter(([k]) => k.startsWith("lookup_keys")).map(([, v]) => v);
      return list([...prices.values()].filter((p) => keys.length === 0 || keys.includes(p.lookup_key as string)), path);
    }
    if (req.method === "POST" && path === "/v1/prices") {
      const price: Obj = {
        id: id("price"),
        object: "price",
        active: true,
        currency: form.currency,
        unit_amount: Number(form.unit_amount),
        recurring: { interval: (form.recurring as Obj | undefined)?.interval ?? "month", interval_count: 1 },
        lookup_key: form.lookup_key ?? null,
        product: id("prod"),
        type: "recurring",
      };
      prices.set(price.id as string, price);
      return { status: 200, body: price };
    }
    if (req.method === "POST" && path === "/v1/subscriptions") {
      const customer = customers.get(form.customer as string);
      if (!customer) return notFound("customer");
      const items = asList(form.items) as Obj[];
      const price = prices.get(items[0]?.price as string);
      if (!price) return notFound("price");
      const now = Math.floor(Date.now() / 1000);
      const subId = id("sub");
      const pi = newPaymentIntent(price.unit_amount as number, price.currency as string, { customer: customer.id });
      const invoice: Obj = {
        id: id("in"),
        object: "invoice",
        customer: customer.id,
        customer_email: customer.email,
        amount_due: price.unit_amount,
        amount_paid: 0,
        currency: price.currency,
        status: "open",
        parent: { type: "subscription_details", subscription_details: { subscription: subId, metadata: form.metadata ?? {} }, quote_details: null },
        confirmation_secret: { client_secret: pi.client_secret, type: "payment_intent" },
        lines: { object: "list", data: [{ id: id("il"), period: { start: now, end: now + 30 * 86400 } }], has_more: false },
      };
      const subscription: Obj = {
        id: subId,
        object: "subscription",
        customer: customer.id,
        status: "incomplete",
        cancel_at_period_end: false,
        metadata: form.metadata ?? {},
        created: now,
        items: { object: "list", data: [{ id: id("si"), object: "subscription_item", price, current_period_start: now, current_period_end: now + 30 * 86400 }], has_more: false },
        latest_invoice: invoice,
        payment_settings: form.payment_settings ?? null,
      };
      subscriptions.set(subId, subscription);
      return { status: 200, body: subscription };
    }
    if (req.method === "POST" && path === "/v1/payment_intents") {
      const pi = newPaymentIntent(Number(form.amount), form.currency as string, {
        receipt_email: form.receipt_email ?? null,
        metadata: form.metadata ?? {},
        description: form.description ?? null,
      });
      return { status: 200, body: pi };
    }
    const subMatch = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (subMatch) {
      const subscription = subscriptions.get(subMatch[1] ?? "");
      if (!subscription) return notFound("subscription");
      if (req.method === "GET") return { status: 200, body: subscription };
      if (req.method === "DELETE") {
        if (subscription.status === "canceled") return { status: 400, body: { error: { type: "invalid_request_error", message: "This subscription is already canceled." } } };
        subscription.status = "canceled";
        subscription.ended_at = Math.floor(Date.now() / 1000);
        subscription.canceled_at = subscription.ended_at;
        emit("customer.subscription.deleted", subscription);
        return { status: 200, body: subscription };
      }
      if (req.method === "POST") {
        if (subscription.status === "canceled") return { status: 400, body: { error: { type: "invalid_request_error", message: "A canceled subscription can only update its cancellation_details and metadata." } } };
        if (form.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = form.cancel_at_period_end === "true";
        if (form.metadata) subscription.metadata = { ...(subscription.metadata as Obj), ...(form.metadata as Obj) };
        const changes = asList(form.items) as Obj[];
        const itemList = (subscription.items as { data: Obj[] }).data;
        for (const change of changes) {
          const item = itemList.find((i) => i.id === change.id);
          if (!item) return notFound("subscription_item");
          if (change.price) {
            const price = prices.get(change.price as string);
            if (!price) return notFound("price");
            item.price = price;
          }
        }
        if (form.proration_behavior !== undefined) subscription.last_proration_behavior = form.proration_behavior;
        emit("customer.subscription.updated", subscription);
        return { status: 200, body: subscription };
      }
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!customers.has(form.customer as string)) return notFound("customer");
      const session: Obj = {
        id: id("bps"),
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url ?? null,
        url: `https://billing.stripe.com/p/session/test_${randomBytes(12).toString("hex")}`,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      portalSessions.push(session);
      return { status: 200, body: session };
    }
    const piMatch = path.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (req.method === "GET" && piMatch) {
      const pi = paymentIntents.get(piMatch[1] ?? "");
      return pi ? { status: 200, body: pi } : notFound("payment_intent");
    }
    const confirmMatch = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/);
    if (req.method === "POST" && confirmMatch) {
      const pi = paymentIntents.get(confirmMatch[1] ?? "");
      return pi ? confirmIntent(pi, form) : notFound("payment_intent");
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${path})` } } };
  }

  const server = await startLocalServer((req, url) => {
    const key = req.headers["idempotency-key"];
    const replayKey = typeof key === "string" ? `${req.method} ${url.pathname} ${key}` : null;
    if (replayKey && replays.has(replayKey)) {
      const previous = replays.get(replayKey) as Reply;
      return { ...previous, headers: { ...previous.headers, "Idempotent-Replayed": "true" } };
    }
    const reply = handle(req, url);
    if (replayKey && reply.status < 500) replays.set(replayKey, reply);
    return reply;
  }, port);

  return {
    ...server,
    customers,
    prices,
    subscriptions,
    paymentIntents,
    portalSessions,
    idempotencyKeys: () =>
      server.requests
        .filter((r) => typeof r.headers["idempotency-key"] === "string")
        .map((r) => ({ path: new URL(r.path, "http://x").pathname, key: r.headers["idempotency-key"] as string })),
    succeed: (piId: string) => {
      const pi = paymentIntents.get(piId);
      if (!pi) throw new Error(`No payment intent ${piId}`);
      pi.status = "succeeded";
      pi.amount_received = pi.amount;
    },
    activate: (subId: string) => {
      const sub = subscriptions.get(subId);
      if (!sub) throw new Error(`No subscription ${subId}`);
      sub.status = "active";
    },
    failNext: (count = 3) => {
      failRemaining = count;
    },
  };
}
