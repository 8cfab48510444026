import { randomBytes } from "node:crypto";
import { startLocalServer, type LocalServer, type Reply } from "./http-server";

/**
 * A local stand-in for PayPal's REST API in its wire format: /v1/oauth2/token (Basic
 * auth), /v1/identity/generate-token, /v2/checkout/orders (+ capture, idempotent on
 * PayPal-Request-Id), /v1/notifications/verify-webhook-signature. Tests decide what
 * happens at capture (decline, pending) and which webhook signatures are genuine.
 */
type Order = {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  customId: string;
  description: string;
  outcome: "complete" | "decline" | "pending";
  payerEmail: string;
  captureResponse?: Reply;
};

export type FakePayPal = LocalServer & {
  clientId: string;
  clientSecret: string;
  orders: Map<string, Order>;
  tokenRequests: () => number;
  setCaptureOutcome: (orderId: string, outcome: Order["outcome"], payerEmail?: string) => void;
  validSignatures: Set<string>;
};

const newId = () => randomBytes(9).toString("hex").toUpperCase().slice(0, 17);

export async function startFakePayPal(port = 0, credentials = { clientId: "test-client-id", clientSecret: "test-client-secret" }): Promise<FakePayPal> {
  const orders = new Map<string, Order>();
  const tokens = new Set<string>();
  const replays = new Map<string, Reply>();
  const validSignatures = new Set<string>();
  let tokenCount = 0;
  const expectedBasic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64")}`;

  const error = (status: number, name: string, message: string, issue?: string): Reply => ({
    status,
    body: { name, message, debug_id: newId(), ...(issue ? { details: [{ issue, description: message }] } : {}) },
  });

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

  let base = "";
  const server = await startLocalServer((req, url) => {
    const path = url.pathname;
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
      if (body.intent !== "CAPTURE" || !unit?.amount) return error(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed.", "MISSING_REQUIRED_PARAMETER");
      const order: Order = { id: newId(), status: "CREATED", amount: unit.amount, customId: unit.custom_id ?? "", description: unit.description ?? "", outcome: "complete", payerEmail: "buyer@example.com" };
      orders.set(order.id, order);
      return remember({ status: 201, body: orderBody(order, base) });
    }
    const orderMatch = path.match(/^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/);
    if (orderMatch) {
      const order = orders.get(orderMatch[1] ?? "");
      if (!order) return error(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
      if (req.method === "GET" && !orderMatch[2]) return { status: 200, body: orderBody(order, base) };
      if (req.method === "POST" && orderMatch[2]) {
        if (order.status === "COMPLETED") return error(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed.", "ORDER_ALREADY_CAPTURED");
        if (order.outcome === "decline") return remember(error(422, "UNPROCESSABLE_ENTITY", "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.", "INSTRUMENT_DECLINED"));
        const captureStatus = order.outcome === "pending" ? "PENDING" : "COMPLETED";
        order.status = "COMPLETED";
        const capture = {
          id: newId(),
          status: captureStatus,
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
    if (req.method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const body = JSON.parse(req.body || "{}") as { transmission_sig?: string; webhook_id?: string };
      return { status: 200, body: { verification_status: body.transmission_sig && validSignatures.has(body.transmission_sig) ? "SUCCESS" : "FAILURE" } };
    }
    return error(404, "NOT_FOUND", `No route for ${req.method} ${path}`);
  }, port);
  base = server.url;

  return {
    ...server,
    ...credentials,
    orders,
    validSignatures,
    tokenRequests: () => tokenCount,
    setCaptureOutcome: (orderId, outcome, payerEmail) => {
      const order = orders.get(orderId);
      if (!order) throw new Error(`No order ${orderId}`);
      order.outcome = outcome;
      if (payerEmail) order.payerEmail = payerEmail;
    },
  };
}
