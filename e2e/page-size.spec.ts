import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The size budgets of the pages visitors load most (docs/performance.md): the landing page's
 * HTML as served, and /alerts as Next regenerates it at run time. `npm run bench` reports the
 * landing page's bytes too.
 */

/**
 * /alerts as Next regenerates it at run time (every 5 minutes; its price charts drawn on the
 * server, docs/performance.md "/alerts as regenerated"): regenerated here with Next's own
 * on-demand request (the build's preview id in `x-prerender-revalidate`), then read as a
 * visitor gets it, within a size budget: 267 kB with the charts' tables and line charts drawn
 * from compact props (their RSC payload as numbers, not trees: docs/performance.md "/alerts: the charts as numbers in the payload").
 * The budget leaves a fifth for growth and fails if the trees come back.
 */
const REGENERATED_ALERTS_MAX_BYTES = 330_000;

test(`/alerts, regenerated at run time, is at most ${REGENERATED_ALERTS_MAX_BYTES} bytes of HTML`, async ({ request }) => {
  const manifest = JSON.parse(readFileSync(path.join(process.env.NEXT_DIST_DIR || ".next", "prerender-manifest.json"), "utf8")) as { preview: { previewModeId: string } };
  const regenerated = await request.get("/alerts", { headers: { "x-prerender-revalidate": manifest.preview.previewModeId } });
  expect(regenerated.status()).toBe(200);
  expect(regenerated.headers()["x-nextjs-cache"]).toBe("REVALIDATED");
  const response = await request.get("/alerts", { headers: { "Accept-Encoding": "identity" } });
  expect(response.status()).toBe(200);
  const body = await response.body();
  expect(body.toString("utf8")).toContain('data-testid="charts-data-time"'); // the regenerated copy, not the build's
  expect(body.length).toBeLessThanOrEqual(REGENERATED_ALERTS_MAX_BYTES);
});

/**
 * docs/performance.md: the landing page's HTML, as served, is at most 120,000 bytes uncompressed.
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
