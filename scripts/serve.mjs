// The production server: Next's request handler behind node:http, so the client's address
// comes from the socket and our own proxies only (docs/security.md).
//
//   node scripts/serve.mjs [-p PORT] [-H HOSTNAME]     (needs a `next build`)
//
// Before Next sees a request, the client's address is written into x-tw-client-ip,
// overwriting anything a client sent under that name: the socket's peer, or with
// TRUSTED_PROXY_HOPS=N (N proxies of ours in front) the Nth X-Forwarded-For entry from
// the right. `next start` cannot do this: it keeps a client-sent X-Forwarded-For as it
// is, so the socket address is lost. Rate limits and sign-in throttles read the header
// (clientKey, lib/http/rate-limit.ts) only in a process this server started.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseTrustedProxyHops, stampClientAddress } from "./client-address.mjs";
import { refuseMalformedPath } from "./request-path.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function option(short, long) {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === short || args[i] === long) return args[i + 1];
    if (args[i].startsWith(`${long}=`)) return args[i].slice(long.length + 1);
  }
  return undefined;
}

let hops;
try {
  hops = parseTrustedProxyHops(process.env.TRUSTED_PROXY_HOPS);
} catch (error) {
  console.error(`> ${error.message}`);
  process.exit(1);
}
const port = Number(option("-p", "--port") ?? process.env.PORT ?? 3000);
const hostname = option("-H", "--hostname") ?? process.env.HOSTNAME ?? "0.0.0.0";

process.env.NODE_ENV = "production";
// The port served on: without SITE_URL, links in emails point here (lib/env/site.ts).
process.env.PORT = String(port);
// Tells clientKey() that x-tw-client-ip was written by this server.
process.env.TARIFFWATCH_SERVER = "1";

const { default: next } = await import("next");
const app = next({ dev: false, dir: root, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((req, res) => {
  // A path that does not decode is a 400 here: Next would answer a bare 500.
  if (refuseMalformedPath(req, res)) return;
  stampClientAddress(req, hops);
  handle(req, res).catch((error) => {
    console.error("[serve] request failed", error);
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
    res.end("Internal Server Error");
  });
});
server.listen(port, hostname, () => {
  const shown = hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  console.log(`> Serving http://${shown}:${port} (client address: ${hops === 0 ? "the socket" : `X-Forwarded-For, ${hops} trusted proxy hop${hops === 1 ? "" : "s"}`})`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections?.();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
