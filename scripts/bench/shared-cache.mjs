// A shared HTTP cache in front of the app, as a CDN would stand in production
// (docs/performance.md "The dashboard behind a shared cache"): GET answers are kept in
// memory for as long as their Cache-Control lets a shared cache keep them (s-maxage,
// stale-while-revalidate), revalidated with the stored ETag, and everything else is passed
// through. The rules (what may be stored, for how long, when to revalidate, which headers
// to send on) are http-cache-semantics's, RFC 9111 and RFC 5861, not ours. Concurrent misses
// of one address make one upstream request, as a CDN collapses them.
//
// Started by scripts/bench/dashboard.mjs with fork(): `shared-cache.mjs <port> <upstream origin>`.
// Says when it listens; answers {type: "stats"} with its hit, miss and revalidation counts.
import http from "node:http";
import CachePolicy from "http-cache-semantics";

const port = Number(process.argv[2]);
const upstream = new URL(process.argv[3]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** url -> { policy, status, body } */
const store = new Map();
/** url -> Promise of the entry being fetched or revalidated */
const pending = new Map();
const stats = {
  requests: 0,
  hits: 0,
  stale: 0,
  misses: 0,
  revalidations: 0,
  notModified: 0,
  passed: 0,
  upstreamErrors: 0,
};

const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"];

function upstreamRequest(url, method, headers) {
  const sent = Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP_BY_HOP.includes(k)));
  sent.host = upstream.host;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: url,
        method,
        headers: sent,
        agent,
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 502,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const policyRequest = (req, headers = req.headers) => ({
  url: req.url,
  method: req.method,
  headers,
});

/** Fetches an address the cache does not hold (one request for all who wait). */
function fill(req) {
  const key = req.url;
  let p = pending.get(key);
  if (!p) {
    stats.misses += 1;
    const headers = { ...req.headers };
    delete headers["if-none-match"];
    delete headers["if-modified-since"];
    p = upstreamRequest(key, "GET", headers)
      .then((res) => {
        const policy = new CachePolicy(policyRequest(req, headers), res, {
          shared: true,
        });
        const entry = { policy, status: res.status, body: res.body };
        if (policy.storable()) store.set(key, entry);
        return entry;
      })
      .finally(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}

/** Revalidates a stored answer with the headers the policy gives (If-None-Match...). */
function revalidate(req, entry, headers) {
  const key = req.url;
  let p = pending.get(key);
  if (!p) {
    stats.revalidations += 1;
    const revalidationRequest = policyRequest(req, headers);
    p = upstreamRequest(key, "GET", headers)
      .then((res) => {
        const { policy, modified } = entry.policy.revalidatedPolicy(revalidationRequest, res);
        if (!modified) stats.notModified += 1;
        const next = {
          policy,
          status: modified ? res.status : entry.status,
          body: modified ? res.body : entry.body,
        };
        if (policy.storable()) store.set(key, next);
        else store.delete(key);
        return next;
      })
      .finally(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}

function send(req, res, status, headers, body) {
  const out = { ...headers, "content-length": String(body.length) };
  const etag = headers.etag;
  if (status === 200 && etag && req.headers["if-none-match"] === etag) {
    delete out["content-length"];
    res.writeHead(304, out).end();
    return;
  }
  res.writeHead(status, out);
  res.end(req.method === "HEAD" ? undefined : body);
}

async function handle(req, res) {
  stats.requests += 1;
  if (req.method !== "GET" && req.method !== "HEAD") {
    stats.passed += 1;
    const r = await upstreamRequest(req.url, req.method, req.headers);
    res.writeHead(r.status, r.headers).end(r.body);
    return;
  }
  const entry = store.get(req.url);
  if (!entry) {
    const filled = await fill(req);
    send(req, res, filled.status, filled.policy.responseHeaders(), filled.body);
    return;
  }
  const { revalidation, response } = entry.policy.evaluateRequest(policyRequest(req));
  if (revalidation?.synchronous) {
    const next = await revalidate(req, entry, revalidation.headers);
    send(req, res, next.status, next.policy.responseHeaders(), next.body);
    return;
  }
  if (revalidation) {
    // stale-while-revalidate: this answer from the store, the fresh one in the background.
    stats.stale += 1;
    revalidate(req, entry, revalidation.headers).catch(() => (stats.upstreamErrors += 1));
  } else {
    stats.hits += 1;
  }
  send(req, res, entry.status, response.headers, entry.body);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    stats.upstreamErrors += 1;
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end(`upstream error: ${error instanceof Error ? error.message : String(error)}`);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(port, "127.0.0.1", () => process.send?.({ type: "listening", port }));

process.on("message", (message) => {
  if (message?.type === "stats") process.send?.({ type: "stats", stats });
});
