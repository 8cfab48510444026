// A load client that does not decode bodies (docs/performance.md): `connections` keep-alive
// sockets, each sending one GET at a time (no pipelining), reading only the status line and
// headers and then skipping the body's bytes (Content-Length or chunked) without building
// any string of them. autocannon turns every body into a string, and on a large page with
// non-ASCII characters the client, not the server, becomes the limit.
import net from "node:net";

const CRLF2 = Buffer.from("\r\n\r\n");

/** One connection's parser: feeds bytes, calls onResponse(status) per complete response. */
function parser(onResponse) {
  let buf = Buffer.alloc(0);
  let state = "head"; // head | body | chunk-size | chunk-data | chunk-end
  let remaining = 0;
  let status = 0;
  return (data) => {
    buf = buf.length ? Buffer.concat([buf, data]) : data;
    for (;;) {
      if (state === "head") {
        const end = buf.indexOf(CRLF2);
        if (end < 0) return;
        const head = buf.subarray(0, end).toString("latin1");
        buf = buf.subarray(end + 4);
        status = Number(head.slice(9, 12));
        const len = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) state = "chunk-size";
        else {
          remaining = len ? Number(len[1]) : 0;
          state = "body";
        }
      } else if (state === "body") {
        const take = Math.min(remaining, buf.length);
        remaining -= take;
        buf = buf.subarray(take);
        if (remaining > 0) return;
        state = "head";
        onResponse(status);
      } else if (state === "chunk-size") {
        const nl = buf.indexOf("\r\n");
        if (nl < 0) return;
        const size = parseInt(buf.subarray(0, nl).toString("latin1"), 16);
        buf = buf.subarray(nl + 2);
        if (size === 0) {
          state = "chunk-end";
        } else {
          remaining = size + 2; // the data and its CRLF
          state = "chunk-data";
        }
      } else if (state === "chunk-data") {
        const take = Math.min(remaining, buf.length);
        remaining -= take;
        buf = buf.subarray(take);
        if (remaining > 0) return;
        state = "chunk-size";
      } else {
        // chunk-end: optional trailers, then an empty line.
        const nl = buf.indexOf("\r\n");
        if (nl < 0) return;
        const line = buf.subarray(0, nl);
        buf = buf.subarray(nl + 2);
        if (line.length === 0) {
          state = "head";
          onResponse(status);
        }
      }
    }
  };
}

export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * `connections` connections for `duration` s against `url`: requests per second, p50/p99
 * latency (ms), non-2xx and errors. `headers` are added to each request. `variants`
 * ([{path?, headers?}], optional): each request takes the next one in turn (its path, when
 * given, replaces the url's; its headers are added), e.g. one signed-in subscriber's Cookie
 * per variant, so the load is spread over many sessions as real traffic is.
 *
 * At the end no new request is sent, and the requests still in flight are waited for (at
 * most `drainMs`) before the sockets close: a server that is slower than the window would
 * otherwise go on working through abandoned requests while the next run measures. Requests
 * per second count the answers within the window only; the latencies include the late
 * answers too (leaving out the slowest requests would flatter p99); `late` counts them and
 * `unanswered` those still open when the drain gave up.
 */
export function rawLoad(url, { connections = 50, duration = 10, headers = {}, variants, drainMs = 30_000 } = {}) {
  const u = new URL(url);
  const build = (target, more) => {
    const extra = Object.entries({ ...headers, ...more }).map(([k, v]) => `${k}: ${v}\r\n`).join("");
    return Buffer.from(`GET ${target} HTTP/1.1\r\nHost: ${u.host}\r\nConnection: keep-alive\r\n${extra}\r\n`, "latin1");
  };
  const requests = variants?.length ? variants.map((v) => build(v.path ?? `${u.pathname}${u.search}`, v.headers ?? {})) : [build(`${u.pathname}${u.search}`, {})];
  let next = 0;
  const latencies = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let late = 0;
  let stopping = false;
  const busy = new Set(); // sockets with a request in flight
  const sockets = [];
  return new Promise((resolve) => {
    const started = performance.now();
    let onIdle = () => {};
    function open() {
      if (stopping) return;
      let sentAt = 0;
      const socket = net.connect({ host: u.hostname, port: Number(u.port || 80) });
      socket.setNoDelay(true);
      sockets.push(socket);
      const send = () => {
        if (stopping) {
          socket.destroy();
          return;
        }
        sentAt = performance.now();
        busy.add(socket);
        socket.write(requests[next]);
        next = (next + 1) % requests.length;
      };
      socket.on("data", parser((status) => {
        busy.delete(socket);
        latencies.push(performance.now() - sentAt);
        if (stopping) late++;
        else if (status >= 200 && status < 300) ok++;
        else non2xx++;
        send();
        if (stopping && busy.size === 0) onIdle();
      }));
      socket.on("connect", send);
      socket.on("error", () => {
        if (!stopping) errors++;
      });
      socket.on("close", () => {
        busy.delete(socket);
        if (!stopping) setTimeout(open, 10); // the server closed it: open another
        else if (busy.size === 0) onIdle();
      });
    }
    for (let i = 0; i < connections; i++) open();
    setTimeout(() => {
      stopping = true;
      const elapsed = (performance.now() - started) / 1000;
      const counted = { ok, non2xx, errors };
      for (const s of sockets) if (!busy.has(s)) s.destroy();
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(giveUp);
        const unanswered = busy.size;
        for (const s of sockets) s.destroy();
        latencies.sort((a, b) => a - b);
        resolve({
          rps: (counted.ok + counted.non2xx) / elapsed,
          total: counted.ok + counted.non2xx,
          ok: counted.ok,
          non2xx: counted.non2xx,
          errors: counted.errors,
          late,
          unanswered,
          timeouts: 0,
          p50: Math.round(percentile(latencies, 50) * 10) / 10,
          p99: Math.round(percentile(latencies, 99) * 10) / 10,
          elapsed,
          latencies, // sorted, ms: for combining runs (./load.mjs combineRuns)
        });
      };
      const giveUp = setTimeout(finish, drainMs);
      onIdle = finish;
      if (busy.size === 0) finish();
    }, duration * 1000);
  });
}
