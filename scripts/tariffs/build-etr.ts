/**
 * Builds data/tariffs/effective-rate.json, the weekly average effective US tariff rate the
 * /alerts chart draws, from the snapshot's daily series (prices/F1_daily_etr.csv, The
 * Budget Lab at Yale's tariff-impact-tracker, through 2026-03-26).
 *
 * Run: `npx tsx scripts/tariffs/build-etr.ts [snapshotDir]` (default
 * ../shared/data/tariff-snapshot from the repository root). The app never reads the
 * snapshot; only this script does. Same input, same bytes out.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildEffectiveRateSeries, parseDailyEtrCsv } from "../../lib/charts/effective-rate";

const repoRoot = path.resolve(__dirname, "..", "..");
const snapshotDir = path.resolve(process.argv[2] ?? path.join(repoRoot, "..", "shared", "data", "tariff-snapshot"));
const input = path.join(snapshotDir, "prices", "F1_daily_etr.csv");
const output = path.join(repoRoot, "data", "tariffs", "effective-rate.json");

const series = buildEffectiveRateSeries(parseDailyEtrCsv(readFileSync(input, "utf8")));
mkdirSync(path.dirname(output), { recursive: true });
writeFileSync(output, `${JSON.stringify(series, null, 2)}\n`);
console.log(
  `Wrote ${path.relative(repoRoot, output)}: ${series.weekly.length} weeks, ${series.first.date} (${series.first.percent}%) to ${series.last.date} (${series.last.percent}%), peak ${series.peak.percent}% on ${series.peak.date}.`,
);
