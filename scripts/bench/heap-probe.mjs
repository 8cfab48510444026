// Preloaded by the bench into the app's `next start` (node --import, through NODE_OPTIONS; never into
// a build). On SIGUSR2 it runs a full garbage collection and appends the process's memory
// after it, as one JSON line, to BENCH_HEAP_PROBE_FILE: the V8 heap still in use after a full
// collection is what the server really holds, where resident memory also counts the room V8
// keeps for the next allocations (docs/performance.md, "Memory: what is held, and what is room").
// Nothing happens until the bench sends the signal.
import fs from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";

const file = process.env.BENCH_HEAP_PROBE_FILE;
if (file) {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc");
  process.on("SIGUSR2", () => {
    const before = process.memoryUsage();
    gc();
    const after = process.memoryUsage();
    fs.appendFileSync(file, `${JSON.stringify({ at: Date.now(), pid: process.pid, before, after })}\n`);
  });
}
