// The pages Next regenerates at run time (ISR: `export const revalidate` on the page; /alerts
// every 5 minutes, /email-preview daily), regenerated once before anything is measured, so the
// bench measures the copy visitors get from the first regeneration on, not the build's (for
// /alerts the build's copy draws its price charts in the browser and a regenerated one draws them
// on the server: docs/performance.md "/alerts as regenerated"). The request is Next's own
// on-demand revalidation: a GET carrying the build's preview id in `x-prerender-revalidate`
// (what `res.revalidate` sends), read from the build's .next/prerender-manifest.json.
import { readFileSync } from "node:fs";
import path from "node:path";
import { capture } from "./load.mjs";

/**
 * Regenerates every ISR page of the build in `appDir` on the running app at `origin`; resolves
 * to [{ path, seconds, buildBytes, bytes }]: each page's revalidate period and its HTML size
 * (uncompressed, as the load client gets it) before and after.
 */
export async function regenerateIsrPages(origin, appDir) {
  const manifest = JSON.parse(readFileSync(path.join(appDir, ".next", "prerender-manifest.json"), "utf8"));
  const id = manifest.preview?.previewModeId;
  if (!id) throw new Error("the build's prerender-manifest.json has no preview id");
  const pages = Object.entries(manifest.routes).filter(([, r]) => r.routeType === "page" && typeof r.initialRevalidateSeconds === "number");
  const done = [];
  for (const [pagePath, route] of pages) {
    const buildBytes = (await capture(`${origin}${pagePath}`)).body.length;
    const response = await fetch(`${origin}${pagePath}`, { headers: { "x-prerender-revalidate": id }, signal: AbortSignal.timeout(60_000) });
    await response.arrayBuffer();
    const how = response.headers.get("x-nextjs-cache");
    if (response.status !== 200 || how !== "REVALIDATED") throw new Error(`regenerating ${pagePath} answered ${response.status} (x-nextjs-cache: ${how})`);
    const bytes = (await capture(`${origin}${pagePath}`)).body.length;
    done.push({ path: pagePath, seconds: route.initialRevalidateSeconds, buildBytes, bytes });
  }
  return done;
}
