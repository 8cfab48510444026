import { DELETE as revokeKey } from "@/app/api/account/api-keys/[id]/route";
import { DELETE as deleteEvent, PATCH as patchEvent } from "@/app/api/admin/tariffs/events/[id]/route";
import { PATCH as patchMeasure } from "@/app/api/admin/tariffs/measures/[id]/route";
import { POST as resolveReview } from "@/app/api/admin/tariffs/review/[id]/route";
import { POST as markRead } from "@/app/api/alerts/[id]/read/route";
import { GET as cronJob } from "@/app/api/cron/[job]/route";
import { POST as capture } from "@/app/api/paypal/order/[orderId]/capture/route";
import { DELETE as deleteWatch, PATCH as patchWatch } from "@/app/api/watchlist/[id]/route";
import { createSession, subscriberCookieName } from "@/lib/accounts/session";
import { findOrCreateSubscriber } from "@/lib/accounts/subscribers";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { newClientIp } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";
import { createAdmin, sessionCookie, setTestAuthSecret } from "./admin-helpers";

/**
 * Path parameters are input like bodies (lib/http/route.ts `params`, docs/security.md "The
 * route frame"): a NUL or other control character is a 400 before any query reaches the
 * database (it was a 500 from PostgreSQL, "invalid byte sequence", 22021); a value the
 * route's schema refuses names nothing (404); a percent-encoding Next cannot decode (`%ff`)
 * is a 400, never a 500.
 */
setTestAuthSecret();
const db = setupTestDatabase();

type Handler = (request?: Request, context?: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>;
const at = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
/** What Next's route params give for a segment that does not decode: the decoding error. */
const undecodable = () => ({ params: Promise.reject(new URIError("URI malformed")) });

function call(method: string, path: string, cookie: string, body?: unknown): Request {
  const headers: Record<string, string> = { cookie, "x-forwarded-for": newClientIp() };
  if (body !== undefined) headers["content-type"] = "application/json";
  return new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

let admin = "";
let subscriber = "";
// The database is emptied before each test (setupTestDatabase): sign in again each time.
beforeEach(async () => {
  admin = await sessionCookie(await createAdmin(db.prisma, "paths"));
  const s = await findOrCreateSubscriber(db.prisma, "paths@example.com", new Date());
  subscriber = `${subscriberCookieName()}=${(await createSession(db.prisma, s.id, new Date())).token}`;
});

describe("path parameters", () => {
  it("a NUL or control character in an id is a 400 naming the characters, and reaches no database query", async () => {
    const before = await db.prisma.tariffAuditLog.count();
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const cases: [string, Handler, Request, string][] = [
      ["DELETE event", deleteEvent, call("DELETE", "/api/admin/tariffs/events/%00", admin), "\u0000"],
      ["PATCH event", patchEvent, call("PATCH", "/api/admin/tariffs/events/x%00", admin, { note: "n" }), "x\u0000"],
      ["PATCH measure", patchMeasure, call("PATCH", "/api/admin/tariffs/measures/%01", admin, { name: "n" }), "\u0001"],
      ["DELETE watch", deleteWatch, call("DELETE", "/api/watchlist/%00", subscriber), "\u0000"],
      ["capture", capture, call("POST", "/api/paypal/order/%00/capture", ""), "\u0000"],
    ];
    try {
      for (const [what, handler, request, id] of cases) {
        const response = await handler(request, at(what === "capture" ? { orderId: id } : { id }));
        const body = (await response.json()) as { message?: string; error?: string };
        expect([what, response.status]).toEqual([what, 400]);
        expect(body.message ?? body.error).toMatch(/characters that are not allowed/);
      }
      expect(errors).not.toHaveBeenCalled();
      expect(await db.prisma.tariffAuditLog.count()).toBe(before);
    } finally {
      errors.mockRestore();
    }
  });

  it("an id the route's schema refuses names nothing: 404 with the route's words", async () => {
    const cases: [Handler, Request, string][] = [
      [deleteWatch, call("DELETE", "/api/watchlist/not-a-uuid", subscriber), "No such watch on your watchlist."],
      [patchWatch, call("PATCH", "/api/watchlist/not-a-uuid", subscriber, { threshold: 5 }), "No such watch on your watchlist."],
      [revokeKey, call("DELETE", "/api/account/api-keys/not-a-uuid", subscriber), "No such API key."],
      [markRead, call("POST", "/api/alerts/not-a-uuid/read", subscriber), "No such alert."],
      [resolveReview, call("POST", "/api/admin/tariffs/review/not-a-uuid", admin, { status: "done" }), "No such review item."],
      [deleteEvent, call("DELETE", `/api/admin/tariffs/events/${"e".repeat(201)}`, admin), "No such event."],
    ];
    for (const [handler, request, message] of cases) {
      const response = await handler(request, at({ id: request.url.split("/").filter(Boolean).at(request.url.endsWith("/read") ? -2 : -1)! }));
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 404, body: { message } });
    }
  });

  it("a percent-encoding that does not decode (%ff) is a 400, never a 500", async () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const cases: [Handler, Request][] = [
        [cronJob, call("GET", "/api/cron/%ff", "")],
        [capture, call("POST", "/api/paypal/order/%ff/capture", "")],
        [deleteWatch, call("DELETE", "/api/watchlist/%ff", subscriber)],
      ];
      for (const [handler, request] of cases) {
        const response = await handler(request, undecodable());
        expect([request.url, response.status]).toEqual([request.url, 400]);
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it("the proxy answers 400 for a page path that does not decode (the pages' params would throw)", async () => {
    for (const path of ["/dev/mail/%ff", "/watchlist/%ff", "/account/%c3%28", "/admin/%ff"]) {
      const response = await proxy(new NextRequest(`http://localhost${path}`, { headers: { cookie: subscriber } }));
      expect([path, response.status]).toEqual([path, 400]);
      expect(await response.json()).toEqual({ message: expect.stringMatching(/percent-encoding/) });
    }
    // A path that decodes passes as before.
    expect((await proxy(new NextRequest("http://localhost/dev/mail/abc%20d"))).status).not.toBe(400);
  });
});
