// JavaScript a page makes a real Chromium download, counted in bytes on the wire (gzip
// body, from the DevTools protocol's Network domain), in a fresh browser context (empty
// cache, as a first visit):
//   - by the load event: every script the page itself needs (the headline figure);
//   - after it, until the page is quiet: lazy chunks and the router's prefetches of the
//     pages it links to (reported beside it).
// Only the requested document counts: if the page sends the browser on to another one
// (a meta refresh, a script), that one's downloads are left out and the page is marked.
import { chromium } from "@playwright/test";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** How long the page must stay without network activity (and no script in flight) to be done. */
const QUIET_MS = 1_000;

export function launchBrowser(executablePath) {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true, timeout: 60_000 });
}

function describeIssue(issue) {
  const details = Object.values(issue.details ?? {})[0] ?? {};
  const location = details.sourceCodeLocation;
  const where = location ? ` @ ${location.url}:${location.lineNumber + 1}:${location.columnNumber + 1}` : "";
  const what = [details.contentSecurityPolicyViolationType, details.violatedDirective, details.blockedURL].filter(Boolean).join(" ");
  return `${issue.code}${what ? ` ${what}` : ""}${where}`;
}

/**
 * Encoded body bytes: the data chunks received, or (Chromium does not report them for
 * every request, e.g. the document) what finished minus the response headers.
 */
function bodyBytes(r) {
  return Math.max(r.body, (r.transfer ?? 0) - (r.headerBytes ?? 0));
}

const sum = (scripts) => scripts.reduce((total, s) => total + s.bytes, 0);
const withoutHash = (u) => u.split("#")[0];

/**
 * Loads `url` and returns what it downloaded: `{ status, finalUrl, redirected, scripts,
 * jsBytes (by the load event), jsBytesAfterLoad, jsTransfer, htmlBytes, problems, uncompressed }`.
 * Each script: `{ url, bytes (gzip body), transfer (with headers), encoding, afterLoad }`.
 */
export async function measurePage(browser, url, { idleTimeoutMs = 10_000 } = {}) {
  const context = await browser.newContext({ extraHTTPHeaders: { "Accept-Encoding": "gzip" } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);

    // What DevTools would flag on the way (Lighthouse's best-practices audits count these).
    const problems = [];
    let leftDocument = false; // the browser went on to another document: its problems are not this page's
    const flag = (problem) => {
      if (!leftDocument) problems.push(problem);
    };
    cdp.on("Audits.issueAdded", (e) => flag(describeIssue(e.issue)));
    page.on("console", (m) => {
      if (m.type() === "error") flag(`console error: ${m.text().slice(0, 200)}${m.location()?.url ? ` @ ${m.location().url}` : ""}`);
    });
    page.on("pageerror", (e) => flag(`uncaught: ${String(e.message).slice(0, 200)}`));

    const requests = new Map();
    let documentLoader = null; // the loaderId of the requested document
    let mainFrame = null;
    let loadEventAt = null; // CDP monotonic time of its load event
    let lastActivity = Date.now();
    const entry = (id) => {
      lastActivity = Date.now();
      if (!requests.has(id)) requests.set(id, { body: 0, finished: false, failed: false });
      return requests.get(id);
    };
    cdp.on("Network.requestWillBeSent", (e) => {
      if (e.type === "Document" && documentLoader === null) {
        documentLoader = e.loaderId;
        mainFrame = e.frameId;
      } else if (e.type === "Document" && e.frameId === mainFrame && e.loaderId !== documentLoader) {
        leftDocument = true;
      }
      Object.assign(entry(e.requestId), { url: e.request.url, type: e.type, loaderId: e.loaderId });
    });
    cdp.on("Network.responseReceived", (e) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      Object.assign(entry(e.requestId), {
        url: e.response.url,
        type: e.type,
        status: e.response.status,
        encoding: headers["content-encoding"] ?? "identity",
        headerBytes: e.response.encodedDataLength,
      });
    });
    cdp.on("Network.dataReceived", (e) => {
      const r = requests.get(e.requestId);
      if (r) r.body += e.encodedDataLength;
    });
    cdp.on("Network.loadingFinished", (e) => Object.assign(entry(e.requestId), { finished: true, transfer: e.encodedDataLength, finishedAt: e.timestamp }));
    cdp.on("Network.loadingFailed", (e) => Object.assign(entry(e.requestId), { failed: true, error: e.errorText }));
    cdp.on("Page.loadEventFired", (e) => {
      loadEventAt ??= e.timestamp;
    });
    await cdp.send("Network.enable");
    await cdp.send("Page.enable");
    await cdp.send("Audits.enable");

    const response = await page.goto(url, { waitUntil: "load", timeout: 30_000 });
    // Then until a quiet second with no script in flight. Not Playwright's "networkidle":
    // the router leaves the bodies of failed (404) prefetches unread, open for good.
    const deadline = Date.now() + idleTimeoutMs;
    const scriptsInFlight = () => [...requests.values()].some((r) => r.type === "Script" && !r.finished && !r.failed);
    while (Date.now() < deadline && (Date.now() - lastActivity < QUIET_MS || scriptsInFlight())) {
      await new Promise((r) => setTimeout(r, 100));
    }

    const own = [...requests.values()].filter((r) => r.loaderId === documentLoader);
    const scripts = own
      .filter((r) => r.type === "Script" && r.finished)
      .map((r) => ({
        url: r.url,
        bytes: bodyBytes(r),
        transfer: r.transfer ?? 0,
        encoding: r.encoding,
        afterLoad: loadEventAt === null || r.finishedAt > loadEventAt,
      }))
      .sort((a, b) => b.bytes - a.bytes);
    const byLoad = scripts.filter((s) => !s.afterLoad);
    const document = own.find((r) => r.type === "Document" && r.finished);
    const finalUrl = page.url();
    return {
      status: response?.status() ?? 0,
      finalUrl,
      redirected: withoutHash(finalUrl) !== withoutHash(response?.url() ?? url) ? finalUrl : null,
      scripts,
      failedScripts: own.filter((r) => r.type === "Script" && r.failed).map((r) => `${r.url} (${r.error})`),
      jsBytes: sum(byLoad),
      jsBytesAfterLoad: sum(scripts) - sum(byLoad),
      jsTransfer: byLoad.reduce((total, s) => total + s.transfer, 0),
      htmlBytes: document ? bodyBytes(document) : 0,
      htmlEncoding: document?.encoding ?? "identity",
      problems: [...new Set(problems)],
      // Scripts above 1 kB that came uncompressed would make the comparison meaningless.
      uncompressed: scripts.filter((s) => s.encoding === "identity" && s.bytes > 1024).map((s) => s.url),
    };
  } finally {
    await context.close().catch(() => {});
  }
}
