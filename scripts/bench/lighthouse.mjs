// Lighthouse's mobile audit (its default: a Moto G Power-sized screen, simulated slow 4G and
// a 4x slower CPU) of pages served on 127.0.0.1, in the Chromium installed on the machine.
// Lighthouse 12: Lighthouse 13 needs Node >= 22.19.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS } from "./js-bytes.mjs";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
];

/** Launches the Chromium Lighthouse drives; `kill()` it when done. */
export function launchChrome(chromePath) {
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROMIUM_ARGS, "--headless=new"],
    handleSIGINT: false, // the benchmark stops everything itself
    logLevel: "silent",
  });
}

/** What an audit found, in a few words: console errors, issue types, failing elements. */
function describeItems(auditResult) {
  const items = auditResult.details?.items ?? [];
  const text = (item) => {
    if (item.description) return `${item.description}${item.sourceLocation?.url ? ` @ ${item.sourceLocation.url}` : ""}`;
    if (item.issueType) {
      const urls = (item.subItems?.items ?? []).map((s) => s.url).filter(Boolean);
      return `${item.issueType}${urls.length ? `: ${urls.join(", ")}` : " (no URL given: see the page's browser issues above)"}`;
    }
    return item.node?.snippet ?? item.url ?? item.source?.url ?? null;
  };
  const parts = items.map(text).filter(Boolean).map((t) => String(t).replace(/\s+/g, " ").slice(0, 200));
  return parts.slice(0, 4).join(" | ") + (parts.length > 4 ? ` | +${parts.length - 4} more` : "");
}

/** The first DOM node a details tree names (its selector and HTML snippet). */
function firstNode(details) {
  if (!details || typeof details !== "object") return null;
  if (details.type === "node") return `${details.selector ?? ""} ${(details.snippet ?? "").slice(0, 120)}`.trim();
  for (const value of Object.values(details)) {
    const found = Array.isArray(value) ? value.map(firstNode).find(Boolean) : typeof value === "object" ? firstNode(value) : null;
    if (found) return found;
  }
  return null;
}

/**
 * Audits one URL; returns scores (0-100), metrics and the audits that lost points. With
 * `htmlFile`, also writes Lighthouse's own HTML report there.
 */
export async function audit(url, port, { htmlFile } = {}) {
  const result = await lighthouse(url, {
    port,
    output: "html",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    maxWaitForLoad: 30_000,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (htmlFile && typeof result.report === "string") {
    mkdirSync(path.dirname(htmlFile), { recursive: true });
    writeFileSync(htmlFile, result.report);
  }

  const scores = {};
  const lost = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score == null ? null : Math.round(category.score * 100);
    lost[id] = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && !["notApplicable", "informative", "manual"].includes(a.scoreDisplayMode))
      .map((a) => {
        const items = describeItems(a);
        return `${a.id} (${Math.round(a.score * 100)})${a.displayValue ? `: ${a.displayValue}` : ""}${items ? ` [${items}]` : ""}`;
      });
  }
  const metrics = Object.fromEntries(METRICS.map(([id, label]) => [label, lhr.audits[id]?.displayValue ?? "?"]));
  const warnings = lhr.runWarnings ?? [];
  const lcpElement = firstNode(lhr.audits["largest-contentful-paint-element"]?.details);
  return { scores, lost, metrics, lcpElement, warnings, finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl };
}
