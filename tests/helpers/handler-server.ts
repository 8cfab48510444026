import http from "node:http";
import type { AddressInfo } from "node:net";
import { stampClientAddress } from "@/scripts/client-address.mjs";

/** The request body as a web stream with back-pressure, as Next hands it to a route. */
function bodyStream(req: http.IncomingMessage): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        if (done) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on("end", () => {
        if (done) return;
        done = true;
        controller.close();
      });
      req.on("error", (error) => {
        if (done) return;
        done = true;
        controller.error(error);
      });
    },
    pull() {
      if (!done) req.resume();
    },
    cancel() {
      done = true;
      req.resume();
    },
  });
}

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * Route handlers behind a plain node:http server that does what scripts/serve.mjs does
 * before Next (stamps x-tw-client-ip from the socket and TRUSTED_PROXY_HOPS), with the
 * request body streamed into the handler as Next streams it. For tests without a build.
 */
export async function serveHandlers(
  routes: Record<string, Handler>,
  hops = 0,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    stampClientAddress(req, hops);
    const pathname = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const handler = routes[pathname];
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? bodyStream(req) : undefined,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    handler(request)
      .then(async (response) => {
        const out: Record<string, string> = {};
        response.headers.forEach((v, k) => (out[k] = v));
        res.writeHead(response.status, out);
        res.end(Buffer.from(await response.arrayBuffer()));
        // What Node does after an answer to an unread body: drain it, keep memory flat.
        req.resume();
      })
      .catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
