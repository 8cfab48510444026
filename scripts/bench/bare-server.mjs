// The baseline for throughput: a bare Node http server that answers each path with the
// exact status, headers and body the app gave for it. Started by bench.mjs with fork();
// it gets its routes over IPC and says when it listens.
import http from "node:http";

const port = Number(process.argv[2]);
let routes = new Map();

const server = http.createServer((req, res) => {
  const route = routes.get(req.url);
  if (!route) {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    return;
  }
  res.writeHead(route.status, route.headers);
  res.end(route.body);
});
server.keepAliveTimeout = 5_000;

process.on("message", (message) => {
  if (message?.type !== "routes") return;
  routes = new Map(
    Object.entries(message.routes).map(([p, r]) => {
      const body = Buffer.from(r.body, "base64");
      return [p, { status: r.status, headers: { ...r.headers, "content-length": String(body.length) }, body }];
    }),
  );
  server.listen(port, "127.0.0.1", () => process.send?.({ type: "listening", port }));
});

// Never outlive the benchmark.
process.on("disconnect", () => process.exit(0));
