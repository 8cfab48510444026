import http from "node:http";
import { POST as newsletter } from "@/app/api/newsletter/route";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { POST as watchlistAdd } from "@/app/api/watchlist/route";
import { BODY_LIMITS } from "@/lib/http/body";
import { MAX_JSON_BYTES } from "@/lib/http/json";
import { builtAppDistDir, migratedPgliteDir, startApp } from "../helpers/app-server";
import { serveHandlers } from "../helpers/handler-server";
import { setupTestDatabase } from "../helpers/test-database";

/**
 * docs/security.md "Bounded bodies": every body is capped while it is read. A 200 MB chunked upload (no
 * Content-Length) to a form and to a webhook gets 413 with a message, the server's memory
 * stays flat and the next request is served.
 */
setupTestDatabase();
process.env.STRIPE_SECRET_KEY = "sk_test_bodylimits";
process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = "pk_test_bodylimits";
process.env.STRIPE_WEBHOOK_SECRET = "whsec_bodylimits";
process.env.STRIPE_API_URL = "http://127.0.0.1:9";

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(MB, 0x61); // "aaaa...": one buffer, written again and again

type Upload = { status: number; body: string; sentBytes: number };

/** Streams `totalMb` of chunked body (no Content-Length) until the server answers. */
function chunkedUpload(url: string, path: string, headers: Record<string, string>, totalMb: number): Promise<Upload> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(`${url}${path}`, { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } }, (res) => {
      answered = true;
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body, sentBytes: sent });
        req.destroy();
      });
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const write = () => {
      while (!answered && sent < totalMb * MB) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) {
          req.once("drain", write);
          return;
        }
      }
      if (!answered) req.end();
    };
    write();
  });
}

async function expectCapped(url: string, rss: () => number) {
  const before = rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rss())), 50);
  try {
    const form = await chunkedUpload(url, "/api/newsletter", { "content-type": "application/json" }, 200);
    expect(form.status).toBe(413);
    expect(JSON.parse(form.body)).toEqual({ message: `Request body is too large (limit ${MAX_JSON_BYTES} bytes).` });
    const hook = await chunkedUpload(url, "/api/webhooks/stripe", { "content-type": "application/json", "stripe-signature": "t=1,v1=00" }, 200);
    expect(hook.status).toBe(413);
    expect(JSON.parse(hook.body)).toEqual({ error: `Request body is too large (limit ${BODY_LIMITS.webhook} bytes).` });
    // A declared length over the cap is refused without reading.
    const declared = await fetch(`${url}/api/newsletter`, { method: "POST", headers: { "content-type": "application/json" }, body: "x".repeat(MAX_JSON_BYTES + 1) });
    expect(declared.status).toBe(413);
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, rss());
  const growth = peak - before;
  console.log(`[body-limits] RSS before ${(before / MB).toFixed(1)} MB, peak ${(peak / MB).toFixed(1)} MB, growth ${(growth / MB).toFixed(1)} MB over two 200 MB uploads`);
  expect(growth).toBeLessThan(50 * MB);
  // The app is still serving.
  const next = await fetch(`${url}/api/newsletter`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.200" },
    body: JSON.stringify({ email: `after-${Date.now()}@example.com` }),
  });
  expect(next.status).toBe(201);
}

describe("bounded bodies (handlers behind a plain server, streamed as Next streams them)", () => {
  it("refuses 200 MB chunked uploads to a form and a webhook with 413, memory flat, then serves the next request", async () => {
    const server = await serveHandlers({ "/api/newsletter": newsletter, "/api/webhooks/stripe": stripeWebhook });
    try {
      await expectCapped(server.url, () => process.memoryUsage().rss);
    } finally {
      await server.close();
    }
  }, 120_000);

  it("caps the route frame's JSON bodies too (a signed-out call is refused before its body is read)", async () => {
    const server = await serveHandlers({ "/api/watchlist": watchlistAdd });
    try {
      const upload = await chunkedUpload(server.url, "/api/watchlist", { "content-type": "application/json" }, 5);
      expect(upload.status).toBe(401);
    } finally {
      await server.close();
    }
  });
});

const dist = builtAppDistDir();
(dist ? describe : describe.skip)(`bounded bodies (the built app behind scripts/serve.mjs, ${dist ?? "no build"})`, () => {
  it("refuses 200 MB chunked uploads with 413, server RSS growth < 50 MB, then serves the next request", async () => {
    const db = await migratedPgliteDir();
    const app = await startApp(dist!, { ...db.env, STRIPE_SECRET_KEY: "sk_test_x", NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    try {
      await expectCapped(app.url, app.rss);
    } finally {
      await app.stop();
      db.cleanup();
    }
  }, 180_000);
});
