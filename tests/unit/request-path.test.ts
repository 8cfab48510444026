import http from "node:http";
import type { AddressInfo } from "node:net";
import { MALFORMED_PATH_MESSAGE, pathDecodes, refuseMalformedPath } from "@/scripts/request-path.mjs";

/**
 * Our server (scripts/serve.mjs) answers 400 for a path whose percent-encoding does not
 * decode, before Next: Next decodes it into the page's or route's params and answered a bare
 * 500 for /dev/mail/%ff, /watchlist/%ff, /api/cron/%ff and /api/paypal/order/%ff/capture
 * (measured on a production build, docs/security.md "Paths that do not decode").
 */
describe("paths that do not decode", () => {
  it("tells them apart from paths that do", () => {
    for (const bad of ["/dev/mail/%ff", "/watchlist/%ff", "/api/cron/%ff", "/api/paypal/order/%ff/capture", "/x/%c3%28", "/x/%", "/x/%zz"]) {
      expect([bad, pathDecodes(bad)]).toEqual([bad, false]);
    }
    for (const good of ["/", "/dev/mail/abc", "/x/%20y", "/x/caf%C3%A9", "/search?q=%ff", "/a#%ff"]) {
      expect([good, pathDecodes(good)]).toEqual([good, true]);
    }
  });

  it("answers 400 with a JSON message before the app, and lets the others through", async () => {
    const server = http.createServer((req, res) => {
      if (!refuseMalformedPath(req, res)) res.end("app");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const refused = await fetch(`${base}/api/paypal/order/%ff/capture`, { method: "POST" });
      expect(refused.status).toBe(400);
      expect(refused.headers.get("cache-control")).toBe("no-store");
      expect(await refused.json()).toEqual({ message: MALFORMED_PATH_MESSAGE });
      expect(await (await fetch(`${base}/api/cron/alerts?x=%ff`)).text()).toBe("app");
    } finally {
      server.close();
    }
  });
});
