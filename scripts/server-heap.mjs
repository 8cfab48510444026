// The V8 flags the production server (scripts/serve.mjs) runs with, given to node by whoever
// starts it (scripts/app.mjs, the bench): node's own flags cannot be set from inside a running
// process.
//
// --max-old-space-size=256: with no limit of its own V8 sizes its heap by the machine's memory
// and lets it grow far past what the server holds. Under the bench's mix for 60 s, 50
// connections: the heap reserved grew to 444 MB with 134 MB in use after a full collection,
// 631 MB resident; with the limit, 389 MB resident at the same load and throughput (the
// collector runs more often: about 10% more CPU a request). docs/performance.md, "Memory:
// what the server holds".
export const SERVER_NODE_FLAGS = ["--max-old-space-size=256"];
