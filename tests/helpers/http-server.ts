import http from "node:http";
import type { AddressInfo } from "node:net";

/** A recorded request to a local provider double. */
export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

/** `raw`: a body sent as it is (a script, a page) instead of `body` as JSON; set its Content-Type in `headers`. */
export type Reply = { status: number; body: unknown; headers?: Record<string, string>; raw?: string };

export type LocalServer = { url: string; requests: RecordedRequest[]; close: () => Promise<void> };

/** Starts an HTTP server on 127.0.0.1 that records each request and answers with `route`. */
export async function startLocalServer(
  route: (req: RecordedRequest, url: URL) => Reply | Promise<Reply>,
  port = 0,
): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      const url = new URL(recorded.path, "http://127.0.0.1");
      if (!url.pathname.startsWith("/__")) requests.push(recorded);
      Promise.resolve(route(recorded, url))
        .then((reply) => {
          res.writeHead(reply.status, { "Content-Type": "application/json", ...reply.headers });
          res.end(reply.raw ?? JSON.stringify(reply.body));
        })
        .catch((error: unknown) => {
          res.writeHead(500, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ error: { message: String(error) } }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
