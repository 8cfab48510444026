import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * Every public prerendered page is served as ASCII-only bytes (issue 16 item 6,
 * docs/performance.md; scripts/ascii-html.mjs rewrites them at the end of the build).
 * The landing page's HTML stays at most 120 kB uncompressed (the test at the end; `npm run
 * bench` reports it too).
 */
// The pages `next build` prerenders (○ in its route table). /tariffs-ebook is prerendered
// since issue 16 item 6 (the visitor's access is asked by the browser: GET /api/ebook/library).
// /alerts is prerendered too but regenerated every 5 minutes (ISR, docs/performance.md
// "/alerts rendering"): its build copy is ASCII (tests/unit/prerendered-ascii.test.ts checks
// the build output); the copies Next regenerates at run time are not rewritten, so they are
// ASCII at the source (the test after this loop regenerates one and reads it).
const PAGES = ["/", "/examples", "/pricing", "/calculator", "/free-trial", "/testimonials", "/demo", "/privacy", "/terms", "/tariffs-ebook"];

for (const pagePath of PAGES) {
  test(`${pagePath} is served as ASCII-only bytes`, async ({ request }) => {
    const response = await request.get(pagePath, { headers: { "Accept-Encoding": "identity" } });
    expect(response.status()).toBe(200);
    const body = await response.body();
    const offsets = [...body.entries()].filter(([, b]) => b >= 128).map(([i]) => i);
    expect(offsets.length, `first non-ASCII bytes at ${offsets.slice(0, 5).join(", ")}: ${body.subarray(Math.max(0, (offsets[0] ?? 0) - 40), (offsets[0] ?? 0) + 20).toString("utf8")}`).toBe(0);
  });
}

/**
 * /alerts as Next regenerates it at run time (every 5 minutes; its price charts drawn on the
 * server, docs/performance.md "/alerts as regenerated"): regenerated here with Next's own
 * on-demand request (the build's preview id in `x-prerender-revalidate`), then read as a
 * visitor gets it: ASCII-only, and within a size budget: 1.06 MB before stop 30, 443 kB after
 * it, 267 kB since stop 31 drew the charts' tables and line charts from compact props (their
 * RSC payload as numbers, not trees: docs/performance.md "/alerts: the charts as numbers in the
 * payload"). The budget leaves a fifth for growth and fails if the trees come back.
 */
const REGENERATED_ALERTS_MAX_BYTES = 330_000;

test("/alerts, regenerated at run time, is served as ASCII-only bytes", async ({ request }) => {
  const manifest = JSON.parse(readFileSync(path.join(process.env.NEXT_DIST_DIR || ".next", "prerender-manifest.json"), "utf8")) as { preview: { previewModeId: string } };
  const regenerated = await request.get("/alerts", { headers: { "x-prerender-revalidate": manifest.preview.previewModeId } });
  expect(regenerated.status()).toBe(200);
  expect(regenerated.headers()["x-nextjs-cache"]).toBe("REVALIDATED");
  const response = await request.get("/alerts", { headers: { "Accept-Encoding": "identity" } });
  expect(response.status()).toBe(200);
  const body = await response.body();
  expect(body.toString("latin1")).toContain('data-testid="charts-data-time"'); // the regenerated copy, not the build's
  const offsets = [...body.entries()].filter(([, b]) => b >= 128).map(([i]) => i);
  expect(offsets.length, `first non-ASCII bytes at ${offsets.slice(0, 5).join(", ")}: ${body.subarray(Math.max(0, (offsets[0] ?? 0) - 40), (offsets[0] ?? 0) + 20).toString("utf8")}`).toBe(0);
  expect(body.length).toBeLessThanOrEqual(REGENERATED_ALERTS_MAX_BYTES);
});

/**
 * Issue 16 item 6: the landing page's HTML, as served, is at most 120,000 bytes uncompressed.
 * The HTML and its inline RSC payload both carry every element and class attribute, so
 * the landing keeps its sections short and links to the pages that hold the rest
 * (docs/performance.md).
 */
const LANDING_MAX_BYTES = 120_000;

test(`/ is at most ${LANDING_MAX_BYTES} bytes of HTML`, async ({ request }) => {
  const response = await request.get("/", { headers: { "Accept-Encoding": "identity" } });
  expect(response.status()).toBe(200);
  const bytes = (await response.body()).length;
  expect(bytes, `/ is ${bytes} bytes of HTML (${(bytes / 1000).toFixed(1)} kB), over the ${LANDING_MAX_BYTES}-byte budget`).toBeLessThanOrEqual(LANDING_MAX_BYTES);
});
