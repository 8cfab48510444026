// The request's path as our server (scripts/serve.mjs) checks it before Next sees it
// (docs/security.md "Paths that do not decode"). Plain JavaScript so the server can load it
// without a compiler; tests/unit/request-path.test.ts covers it.

/** The 400's message (lib/http/params.ts says the same for the route frame and the proxy). */
export const MALFORMED_PATH_MESSAGE = "The address is not valid: it has a malformed percent-encoding.";

/** Whether every percent-encoding in the path of a request target (`/a/%ff?x`) decodes as UTF-8. */
export function pathDecodes(target) {
  const path = String(target ?? "/").split(/[?#]/, 1)[0];
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers 400 for a path that does not decode and returns true: Next would decode it into a
 * page's or a route's params and answer a bare 500 (`/api/cron/%ff`, `/dev/mail/%ff`).
 */
export function refuseMalformedPath(req, res) {
  if (pathDecodes(req.url)) return false;
  const body = JSON.stringify({ message: MALFORMED_PATH_MESSAGE });
  res.writeHead(400, { "Content-Type": "application/json", "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
  return true;
}
