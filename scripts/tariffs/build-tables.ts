/**
 * Builds the product's own tariff tables (data/tariffs/*.json) from the reference snapshot
 * (docs/tariffs.md, "Tables"). Run: `npx tsx scripts/tariffs/build-tables.ts [snapshotDir]`
 * (default ../shared/data/tariff-snapshot from the repository root).
 *
 * The snapshot is read here only: the app never reads it. Output is deterministic (rows
 * sorted, keys sorted), so a re-run over the same snapshot writes the same bytes.
 *
 * What comes from where:
 * - HTS lines: hts/hts_2026_rev_10.json.gz (USITC), only the lines of our categories.
 * - Measures, events and sources: not here. They are data (data/tariffs/law/*.yaml), built by
 *   scripts/tariffs/build-law.ts (docs/tariffs.md "Law files"); run it first, this script
 *   checks the sources it cites against its output.
 * - Categories: categories/consumer_category_seed.csv reviewed by hand (CATEGORY_REVIEW),
 *   retail margins from prices/pce_producer_to_purchaser_ratio.csv, import shares from
 *   trade/gtap_consumption_import_shares.csv.
 * - Origin shares: trade/imports_by_country_gtap_2024.csv (sector level).
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import type {
  ConsumerCategory,
  HtsLine,
  OriginShare,
  SourceDocument,
} from "../../lib/tariffs/types";
import { categoryAssigner, ch99HeadingsFromExport, linesFromSchedule, scheduleRowsFromExport, type Ch99Heading, SCHEDULE_COLUMNS, type ScheduleLine, type ScheduleRow, type UsitcRecord } from "../../lib/tariffs/hts-schedule";
import { buildHsGroups, marginOf, type PceMapFile } from "./hts-groups";
import { writeRows as writeTableRows } from "./table-files";
import { parseCsv } from "../../lib/tariffs/law-files";

const repoRoot = path.resolve(__dirname, "..", "..");
const snapshotDir = path.resolve(process.argv[2] ?? path.join(repoRoot, "..", "shared", "data", "tariff-snapshot"));
const outDir = path.join(repoRoot, "data", "tariffs");

const HTS_RELEASE = "2026_rev_10";
const HTS_SOURCE = "hts-2026-rev-10";
/** The newest full schedule in the snapshot, and its revision's date (hts/revision_dates.csv: 2026_rev_10, 2026-06-08). */
const HTS_FILE = "hts/hts_2026_rev_10.json.gz";
const HTS_REVISION = { name: "2026HTSRev10", label: "HTS 2026 Revision 10", date: "2026-06-08" };
const IMPORT_YEAR = 2024;

// ---------------------------------------------------------------------------------------
// Small readers
// ---------------------------------------------------------------------------------------

function readText(rel: string): string {
  const file = path.join(snapshotDir, rel);
  const buf = readFileSync(file);
  return rel.endsWith(".gz") ? gunzipSync(buf).toString("utf8") : buf.toString("utf8");
}

function readCsv(rel: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readText(rel));
  if (!header) throw new Error(`${rel}: empty`);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}

const round = (x: number, places = 6) => Number(x.toFixed(places));
const uniqSorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

// ---------------------------------------------------------------------------------------
// Countries
// ---------------------------------------------------------------------------------------

export const EU27 = [
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU",
  "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
];

/** Census Schedule C country code -> ISO 3166-1 alpha-2 (the countries our tables use). */
const CENSUS_TO_ISO2: Record<string, string> = {
  "1220": "CA", "2010": "MX", "2050": "GT", "2080": "BZ", "2110": "SV", "2150": "HN", "2190": "NI",
  "2230": "CR", "2250": "PA", "2450": "HT", "2470": "DO", "2740": "TT", "3010": "CO", "3070": "VE",
  "3310": "EC", "3330": "PE", "3350": "BO", "3370": "CL", "3510": "BR", "3530": "PY", "3550": "UY",
  "3570": "AR", "4000": "IS", "4010": "SE", "4039": "NO", "4050": "FI", "4099": "DK", "4120": "GB",
  "4190": "IE", "4210": "NL", "4231": "BE", "4239": "LU", "4279": "FR", "4280": "DE", "4330": "AT",
  "4351": "CZ", "4359": "SK", "4370": "HU", "4411": "LI", "4419": "CH", "4470": "EE", "4490": "LV",
  "4510": "LT", "4550": "PL", "4621": "RU", "4623": "UA", "4634": "KZ", "4641": "MD", "4700": "ES",
  "4710": "PT", "4730": "MT", "4759": "IT", "4791": "HR", "4792": "SI", "4793": "BA", "4794": "MK",
  "4801": "RS", "4840": "GR", "4850": "RO", "4870": "BG", "4890": "TR", "4910": "CY", "5020": "SY",
  "5050": "IQ", "5081": "IL", "5110": "JO", "5130": "KW", "5170": "SA", "5180": "QA", "5200": "AE",
  "5230": "OM", "5250": "BH", "5310": "AF", "5330": "IN", "5350": "PK", "5380": "BD", "5420": "LK",
  "5460": "MM", "5490": "TH", "5520": "VN", "5530": "LA", "5550": "KH", "5570": "MY", "5590": "SG",
  "5600": "ID", "5610": "BN", "5650": "PH", "5660": "MO", "5700": "CN", "5800": "KR", "5820": "HK",
  "5830": "TW", "5880": "JP", "6021": "AU", "6040": "PG", "6141": "NZ", "6224": "VU", "6862": "NR",
  "6863": "FJ", "7140": "MA", "7210": "DZ", "7230": "TN", "7250": "LY", "7290": "EG", "7380": "GQ",
  "7420": "CM", "7490": "GH", "7530": "NG", "7560": "TD", "7620": "AO", "7660": "CD", "7780": "UG",
  "7790": "KE", "7850": "MU", "7870": "MZ", "7880": "MG", "7910": "ZA", "3120": "GY", "7920": "NA", "7930": "BW", "7940": "ZM", "7960": "ZW", "7970": "MW",
  "7990": "LS",
  // Origins of the HS groups' sectors (docs/tariffs.md, "Every product").
  "2360": "BS", "2410": "JM", "4091": "FO", "6414": "PF", "7321": "SD", "7480": "CI", "7550": "GA", "7749": "ET",
};

// ---------------------------------------------------------------------------------------
// Sources: every cited document is in data/tariffs/law/sources.yaml (built into
// data/tariffs/sources.json by scripts/tariffs/build-law.ts, which also builds the measures
// and events from the law files; docs/tariffs.md "Law files").
// ---------------------------------------------------------------------------------------

function knownSourceIds(): Set<string> {
  const rows = JSON.parse(readFileSync(path.join(outDir, "sources.json"), "utf8")) as SourceDocument[];
  return new Set(rows.map((s) => s.id));
}

// ---------------------------------------------------------------------------------------
// Categories: the seed reviewed by hand
// ---------------------------------------------------------------------------------------

type Review = {
  /** Corrected HTS prefixes (digits), when the seed's were not right. */
  htsPrefixes?: string[];
  name?: string;
  /** The reference line (dotted, as printed). */
  referenceHts: string;
  /** NIPA line numbers of prices/pce_producer_to_purchaser_ratio.csv; several = summed. */
  pceLines: number[];
  cpiSeriesId: string | null;
  cpiLabel: string | null;
  /** Dropped from the product, with the reason. */
  drop?: string;
};

/**
 * One entry per seed row. CPI series ids are BLS CPI-U item codes (U.S. city average, not
 * seasonally adjusted); null where no CPI item observes the category.
 */
const CATEGORY_REVIEW: Record<string, Review> = {
  footwear: { referenceHts: "6403.99.60", pceLines: [112], cpiSeriesId: "CUUR0000SEAE", cpiLabel: "Footwear" },
  apparel_knit: { referenceHts: "6109.10.00", pceLines: [106, 107, 108], cpiSeriesId: "CUUR0000SAA", cpiLabel: "Apparel" },
  apparel_woven: { referenceHts: "6203.42.45", pceLines: [106, 107, 108], cpiSeriesId: "CUUR0000SAA", cpiLabel: "Apparel" },
  handbags_luggage: { referenceHts: "4202.21.90.00", pceLines: [70], cpiSeriesId: null, cpiLabel: null },
  toys: { referenceHts: "9503.00.00", pceLines: [127], cpiSeriesId: "CUUR0000SERE01", cpiLabel: "Toys" },
  video_game_consoles: { referenceHts: "9504.50.00.00", pceLines: [42], cpiSeriesId: null, cpiLabel: null },
  sporting_goods: { referenceHts: "9506.91.00", pceLines: [52], cpiSeriesId: "CUUR0000SERC02", cpiLabel: "Sports equipment" },
  // The household statistical line: the Section 232 furniture duty lists 9401.61.60.11, not the whole of 9401.61.60.
  upholstered_wood_seats: { name: "Upholstered wooden seating", referenceHts: "9401.61.60.11", pceLines: [25], cpiSeriesId: "CUUR0000SEHJ02", cpiLabel: "Living room, kitchen, and dining room furniture" },
  wood_furniture: { referenceHts: "9403.60.80", pceLines: [25], cpiSeriesId: "CUUR0000SEHJ", cpiLabel: "Furniture and bedding" },
  mattresses: { referenceHts: "9404.29.90", pceLines: [25], cpiSeriesId: "CUUR0000SEHJ01", cpiLabel: "Bedroom furniture" },
  lamps_lighting: { referenceHts: "9405.11.60", pceLines: [26], cpiSeriesId: "CUUR0000SEHL01", cpiLabel: "Clocks, lamps, and decorator items" },
  washers_dryers: { referenceHts: "8450.11.00", pceLines: [30], cpiSeriesId: "CUUR0000SS30021", cpiLabel: "Laundry equipment" },
  refrigerators: { referenceHts: "8418.10.00", pceLines: [30], cpiSeriesId: "CUUR0000SEHK01", cpiLabel: "Major appliances" },
  dishwashers: { referenceHts: "8422.11.00.00", pceLines: [30], cpiSeriesId: "CUUR0000SEHK01", cpiLabel: "Major appliances" },
  small_kitchen_appliances: { referenceHts: "8516.71.00", pceLines: [31], cpiSeriesId: "CUUR0000SEHK02", cpiLabel: "Other appliances" },
  vacuum_cleaners: { referenceHts: "8508.11.00.00", pceLines: [31], cpiSeriesId: "CUUR0000SEHK02", cpiLabel: "Other appliances" },
  smartphones: { referenceHts: "8517.13.00.00", pceLines: [71], cpiSeriesId: "CUUR0000SEEE04", cpiLabel: "Telephone hardware, calculators, and other consumer information items" },
  laptops_computers: { referenceHts: "8471.30.01.00", pceLines: [49], cpiSeriesId: "CUUR0000SEEE01", cpiLabel: "Computers, peripherals, and smart home assistants" },
  televisions: { referenceHts: "8528.72.64", pceLines: [41], cpiSeriesId: "CUUR0000SERA01", cpiLabel: "Televisions" },
  headphones_speakers: { referenceHts: "8518.30.20.00", pceLines: [43], cpiSeriesId: "CUUR0000SERA05", cpiLabel: "Audio equipment" },
  li_ion_batteries: {
    referenceHts: "8507.60.00",
    pceLines: [],
    cpiSeriesId: null,
    cpiLabel: null,
    drop: "8507.60 is mostly vehicle and industrial batteries; no PCE line or CPI item matches a household purchase",
  },
  tires: { referenceHts: "4011.10.10", pceLines: [21], cpiSeriesId: "CUUR0000SETC01", cpiLabel: "Tires" },
  new_cars: {
    // 8703.10 (snow vehicles, golf carts) is not a car: the passenger-vehicle subheadings only.
    htsPrefixes: ["870321", "870322", "870323", "870324", "870331", "870332", "870333", "870340", "870350", "870360", "870370", "870380", "870390"],
    referenceHts: "8703.23.01",
    pceLines: [8],
    cpiSeriesId: "CUUR0000SETA01",
    cpiLabel: "New vehicles",
  },
  auto_parts: { referenceHts: "8708.99.81", pceLines: [22], cpiSeriesId: "CUUR0000SETC02", cpiLabel: "Vehicle accessories other than tires" },
  bicycles_ebikes: { referenceHts: "8712.00.48.00", pceLines: [55], cpiSeriesId: "CUUR0000SERC01", cpiLabel: "Sports vehicles including bicycles" },
  steel_cookware: {
    // Cast-iron cookware is 7323.91/7323.92: added.
    htsPrefixes: ["732391", "732392", "732393", "732394", "732399"],
    referenceHts: "7323.93.00",
    pceLines: [34],
    cpiSeriesId: "CUUR0000SEHL04",
    cpiLabel: "Nonelectric cookware and tableware",
  },
  aluminum_cookware: { referenceHts: "7615.10.71", pceLines: [34], cpiSeriesId: "CUUR0000SEHL04", cpiLabel: "Nonelectric cookware and tableware" },
  ceramic_tableware: { referenceHts: "6912.00.48", pceLines: [33], cpiSeriesId: "CUUR0000SEHL03", cpiLabel: "Dishes and flatware" },
  glassware: { referenceHts: "7013.49.50", pceLines: [33], cpiSeriesId: "CUUR0000SEHL03", cpiLabel: "Dishes and flatware" },
  power_tools: { referenceHts: "8467.21.00", pceLines: [36], cpiSeriesId: "CUUR0000SEHM01", cpiLabel: "Tools, hardware and supplies" },
  coffee: { referenceHts: "0901.21.00", pceLines: [97], cpiSeriesId: "CUUR0000SEFP01", cpiLabel: "Coffee" },
  chocolate_cocoa: {
    // 1801 is raw cocoa beans, not a shopper's purchase: chocolate (1806) only.
    htsPrefixes: ["1806"],
    name: "Chocolate",
    referenceHts: "1806.32.90.00",
    pceLines: [94],
    cpiSeriesId: "CUUR0000SEFR02",
    cpiLabel: "Candy and chewing gum",
  },
  bananas: { referenceHts: "0803.90.00", pceLines: [91], cpiSeriesId: "CUUR0000SEFK02", cpiLabel: "Bananas" },
  beef: { referenceHts: "0201.30.50", pceLines: [80], cpiSeriesId: "CUUR0000SEFC", cpiLabel: "Beef and veal" },
  wine: { referenceHts: "2204.21.50", pceLines: [101], cpiSeriesId: "CUUR0000SEFW03", cpiLabel: "Wine at home" },
  spirits: { referenceHts: "2208.30.60", pceLines: [100], cpiSeriesId: "CUUR0000SEFW02", cpiLabel: "Distilled spirits at home" },
  olive_oil: { referenceHts: "1509.20.20", pceLines: [89], cpiSeriesId: "CUUR0000SEFS", cpiLabel: "Fats and oils" },
  shrimp: { referenceHts: "0306.17.00", pceLines: [84], cpiSeriesId: "CUUR0000SEFG", cpiLabel: "Fish and seafood" },
  tomatoes: { referenceHts: "0702.00.60", pceLines: [92], cpiSeriesId: "CUUR0000SEFL03", cpiLabel: "Tomatoes" },
  medicines_retail: { name: "Medicines, retail doses", referenceHts: "3004.90.92", pceLines: [122], cpiSeriesId: "CUUR0000SAM1", cpiLabel: "Medical care commodities" },
  cosmetics: { referenceHts: "3304.99.50.00", pceLines: [139], cpiSeriesId: "CUUR0000SEGB02", cpiLabel: "Cosmetics, perfume, bath, nail preparations and implements" },
  lumber_softwood: {
    // 4407 also holds hardwoods and tropical woods: the coniferous (softwood) subheadings only.
    htsPrefixes: ["440711", "440712", "440713", "440714", "440719"],
    name: "Softwood lumber",
    referenceHts: "4407.11.00",
    pceLines: [36],
    cpiSeriesId: null,
    cpiLabel: null,
  },
  solar_panels: {
    referenceHts: "8541.43.00",
    pceLines: [],
    cpiSeriesId: null,
    cpiLabel: null,
    drop: "a household investment good: no PCE line (retail margin) or CPI item matches",
  },
  watches: { referenceHts: "9102.11.65", pceLines: [65], cpiSeriesId: "CUUR0000SEAG01", cpiLabel: "Watches" },
  jewelry: { referenceHts: "7113.19.50", pceLines: [64], cpiSeriesId: "CUUR0000SEAG02", cpiLabel: "Jewelry" },
  carpets_rugs: { referenceHts: "5703.29.20", pceLines: [27], cpiSeriesId: "CUUR0000SEHH01", cpiLabel: "Floor coverings" },
};

// ---------------------------------------------------------------------------------------
// HTS
// ---------------------------------------------------------------------------------------

/** Every 8/10-digit line of chapters 1-97 of the snapshot's newest full schedule, and its compact rows. */
function readSchedule(): { rows: ScheduleRow[]; lines: ScheduleLine[]; ch99: Ch99Heading[] } {
  const records = JSON.parse(readText(HTS_FILE)) as UsitcRecord[];
  const rows = scheduleRowsFromExport(records);
  return { rows, lines: linesFromSchedule(rows), ch99: ch99HeadingsFromExport(records) };
}

// ---------------------------------------------------------------------------------------
// Build
// ---------------------------------------------------------------------------------------

function build() {
  const warnings: string[] = [];

  // Categories (seed + review)
  const seed = readCsv("categories/consumer_category_seed.csv");
  const pce = new Map(readCsv("prices/pce_producer_to_purchaser_ratio.csv").map((r) => [Number(r.nipa_line), r]));
  const importShares = new Map(readCsv("trade/gtap_consumption_import_shares.csv").map((r) => [r.gtap_sector ?? "", Number(r.import_share)]));
  for (const id of Object.keys(CATEGORY_REVIEW)) if (!seed.some((s) => s.category_id === id)) throw new Error(`review for unknown seed row ${id}`);

  type Draft = Omit<ConsumerCategory, "importShare"> & { importShare: number | null };
  const categories: Draft[] = [];
  for (const row of seed) {
    const id = row.category_id ?? "";
    const review = CATEGORY_REVIEW[id];
    if (!review) throw new Error(`seed category ${id} has no review entry`);
    if (review.drop) continue;
    const margin = marginOf(review.pceLines, pce, id);
    if (!margin) throw new Error(`${id}: a curated category needs its PCE line`);
    const gtapSector = row.gtap_sector ?? "";
    const share = importShares.get(gtapSector);
    categories.push({
      id,
      name: review.name ?? row.category_name ?? id,
      htsPrefixes: review.htsPrefixes ?? (row.hts_prefixes ?? "").split(/\s+/).filter(Boolean),
      referenceHts: review.referenceHts,
      kind: "curated",
      pceLine: margin.pceLine,
      retailMargin: margin.retailMargin,
      retailMarginSourceId: "bea-pce-bridge",
      cpiSeriesId: review.cpiSeriesId,
      cpiLabel: review.cpiLabel,
      gtapSector,
      importShare: share === undefined || Number.isNaN(share) ? null : round(share, 4),
      importShareSourceId: share === undefined ? null : "bl-tariff-model-import-shares",
    });
  }

  // Every HTS line of chapters 1-97; the curated categories' lines (longest matching prefix
  // decides) scope the measures' product lists as before.
  const schedule = readSchedule();
  const assignCurated = categoryAssigner(categories);
  const htsLines: HtsLine[] = [];
  for (const line of schedule.lines) {
    const categoryId = assignCurated(line.digits);
    if (categoryId) htsLines.push({ ...line, categoryId });
  }
  htsLines.sort((a, b) => (a.digits < b.digits ? -1 : a.digits > b.digits ? 1 : 0));
  const codes = new Set(schedule.lines.map((l) => l.code));
  for (const c of categories) {
    const ref = htsLines.find((l) => l.code === c.referenceHts);
    if (!ref) throw new Error(`${c.id}: reference line ${c.referenceHts} not among its HTS lines`);
    if (ref.categoryId !== c.id) throw new Error(`${c.id}: reference line belongs to ${ref.categoryId}`);
    if (ref.generalAdValorem === null) warnings.push(`${c.id}: reference ${c.referenceHts} has no plain ad valorem rate (${ref.generalRateText})`);
    for (const p of c.htsPrefixes) if (!htsLines.some((l) => l.digits.startsWith(p))) throw new Error(`${c.id}: prefix ${p} matches no line`);
  }
  if (codes.size !== schedule.lines.length) throw new Error("duplicate HTS codes");

  // GTAP cross-check of the seed's sector choice
  const crosswalk = readCsv("trade/hs10_gtap_crosswalk.csv.gz");
  for (const c of categories) {
    const counts = new Map<string, number>();
    for (const r of crosswalk) if (c.htsPrefixes.some((p) => (r.hs10 ?? "").startsWith(p))) counts.set((r.gtap_code ?? "").toLowerCase(), (counts.get((r.gtap_code ?? "").toLowerCase()) ?? 0) + 1);
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    if (top && top[0] !== c.gtapSector) warnings.push(`${c.id}: seed GTAP sector ${c.gtapSector}, crosswalk majority ${top[0]} (${[...counts.entries()].map(([k, v]) => `${k}:${v}`).join(" ")})`);
  }

  // Generated HS groups for every line no curated category covers (hs-pce-map.json)
  const pceMap = JSON.parse(readFileSync(path.join(outDir, "hs-pce-map.json"), "utf8")) as PceMapFile;
  const gtapOf = new Map(crosswalk.map((r) => [r.hs10 ?? "", (r.gtap_code ?? "").toLowerCase()]));
  const groups = buildHsGroups({ map: pceMap, lines: schedule.lines, curated: categories, pce, gtapOf, importShares, warnings });

  // Origin shares: every country with >= 0.5% of a used sector's 2024 imports
  const importsCsv = parseCsv(readText("trade/imports_by_country_gtap_2024.csv"));
  const header = importsCsv[0]!;
  const originShares: OriginShare[] = [];
  for (const sector of uniqSorted([...categories, ...groups].map((c) => c.gtapSector))) {
    const col = header.findIndex((h) => h.startsWith(`${sector} (`));
    if (col < 0) throw new Error(`GTAP sector ${sector} not in imports file`);
    const rows = importsCsv.slice(1).map((r) => ({ code: r[1] ?? "", name: r[0] ?? "", value: Number(r[col] || 0) }));
    const total = rows.reduce((s, r) => s + r.value, 0);
    for (const r of rows) {
      const share = r.value / total;
      if (share < 0.005) continue;
      const iso = CENSUS_TO_ISO2[r.code];
      if (!iso) throw new Error(`no ISO2 for Census code ${r.code} (${r.name})`);
      originShares.push({ gtapSector: sector, country: iso, share: round(share, 5), year: IMPORT_YEAR, sourceId: "census-imports-gtap-2024" });
    }
  }
  originShares.sort((a, b) => (a.gtapSector + a.country < b.gtapSector + b.country ? -1 : 1));

  return { categories: categories as ConsumerCategory[], groups, schedule, originShares, warnings };
}

// ---------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------

const writeRows = (name: string, rows: unknown[]) => writeTableRows(outDir, name, rows);

function main() {
  const { categories, groups, schedule, originShares, warnings } = build();
  const known = knownSourceIds();
  const usedSources = new Set([
    ...[...categories, ...groups].flatMap((c) => [c.retailMarginSourceId ?? "", c.importShareSourceId ?? ""]),
    ...originShares.map((o) => o.sourceId),
    HTS_SOURCE,
  ]);
  for (const id of usedSources) if (id && !known.has(id)) throw new Error(`source ${id} is cited but not in data/tariffs/law/sources.yaml`);

  mkdirSync(outDir, { recursive: true });
  writeRows("categories.json", categories);
  writeRows("hs-groups.json", groups);
  writeFileSync(
    path.join(outDir, "hts-ch99.json"),
    `{"release":${JSON.stringify(HTS_RELEASE)},"columns":["heading","description","generalText"],"rows":[\n${schedule.ch99.map((h) => JSON.stringify([h.heading, h.description, h.generalText])).join(",\n")}\n]}\n`,
  );
  writeFileSync(
    path.join(outDir, "hts-schedule.json"),
    `{"release":${JSON.stringify(HTS_RELEASE)},"columns":${JSON.stringify(SCHEDULE_COLUMNS)},"rows":[\n${schedule.rows.map((r) => JSON.stringify(r)).join(",\n")}\n]}\n`,
  );
  writeRows("origin-shares.json", originShares);
  const meta = {
    htsRelease: HTS_RELEASE,
    htsPolicyEffective: "2026-06-08",
    hts: {
      release: HTS_RELEASE,
      name: HTS_REVISION.name,
      revision: HTS_REVISION.label,
      date: HTS_REVISION.date,
      sourceId: HTS_SOURCE,
      lines8: schedule.lines.filter((l) => l.digits.length === 8).length,
      lines10: schedule.lines.filter((l) => l.digits.length === 10).length,
    },
    // Written by scripts/tariffs/build-law.ts: kept as it is.
    measuresVersion: (JSON.parse(readFileSync(path.join(outDir, "meta.json"), "utf8")) as { measuresVersion: string }).measuresVersion,
    importYear: IMPORT_YEAR,
    builtFrom: [
      { file: HTS_FILE, upstream: "USITC HTS 2026 Rev 10 (https://hts.usitc.gov/), via arifshehab/tariff-rate-tracker @ 9919812: every line of chapters 1-97 (hts-schedule.json)" },
      { file: "hts/hts_2026_rev10_ch99_headings.csv", upstream: "derived from the Rev 10 JSON (Chapter 99 headings, checked by hand against the measures)" },
      { file: "categories/consumer_category_seed.csv", upstream: "derived seed, reviewed by hand (scripts/tariffs/build-tables.ts CATEGORY_REVIEW)" },
      { file: "prices/pce_producer_to_purchaser_ratio.csv", upstream: "BEA PCE Bridge (https://www.bea.gov/industry/input-output-accounts-data), via Budget-Lab-Yale/Tariff-Model @ 82cfad3" },
      { file: "trade/gtap_consumption_import_shares.csv", upstream: "Budget-Lab-Yale/Tariff-Model @ 82cfad3 resources/products/import_shares.csv" },
      { file: "trade/imports_by_country_gtap_2024.csv", upstream: "U.S. Census Bureau imports 2024, aggregated by arifshehab/tariff-rate-tracker @ 9919812" },
      { file: "trade/hs10_gtap_crosswalk.csv.gz", upstream: "Budget-Lab-Yale/tariff-rate-tracker @ 8315fff (cross-check of the curated categories' GTAP sectors; the HS groups' sectors)" },
      { file: "data/tariffs/hs-pce-map.json", upstream: "written by hand: HS chapter/heading -> BEA PCE line(s), from the HTS headings and the PCE Bridge's commodity rows (prices/bea_pce_bridge_detail.csv)" },
      { file: "measures/master_tariff_list.json", upstream: "arifshehab/tariff-rate-tracker @ 9919812 (IEEPA dated country rates, each with its FR or White House URL)" },
      { file: "measures/s301_product_lists.csv", upstream: "Budget-Lab-Yale/tariff-rate-tracker @ 8315fff (USTR Section 301 lists by HTS8)" },
      { file: "measures/s232_annex_products_2026-06.csv", upstream: "arifshehab/tariff-rate-tracker @ 9919812 (Section 232 metals annexes)" },
      { file: "measures/s232_derivative_products.csv", upstream: "Budget-Lab-Yale/tariff-rate-tracker @ 8315fff" },
      { file: "measures/s232_copper_products.csv", upstream: "Budget-Lab-Yale/tariff-rate-tracker @ 8315fff (US note 36(b))" },
      { file: "measures/s232_auto_parts.txt", upstream: "Budget-Lab-Yale/tariff-rate-tracker @ 8315fff (US note 33(g))" },
      { file: "measures/s232_semi_products.csv", upstream: "Budget-Lab-Yale/tariff-rate-tracker @ 8315fff (US note 39)" },
      { file: "measures/s232_pharma_products.csv", upstream: "Budget-Lab-Yale/tariff-rate-tracker @ 8315fff (Annex I)" },
      { file: "measures/s122_exempt_products.csv", upstream: "Budget-Lab-Yale/tariff-rate-tracker @ 8315fff (HTS 9903.03.xx exemptions)" },
      { file: "measures/ieepa_exempt_products.csv", upstream: "Budget-Lab-Yale/tariff-rate-tracker @ 8315fff (IEEPA Annex II and later exemptions)" },
      { file: "measures/s301fl_exempt_products.csv", upstream: "arifshehab/tariff-rate-tracker @ 9919812 (FR Doc 2026-11296 Annex A)" },
      { file: "measures/FR-2026-11296.xml.gz", upstream: "Federal Register 91 FR 34272 (checked by hand: tiers, exclusions)" },
      { file: "measures/tariff_measures_draft.csv", upstream: "compiled draft, each row re-checked by hand against the research note and the Chapter 99 headings" },
      { file: "2026-11/resources/s301fl_final_country_exemptions.csv", upstream: "Budget-Lab-Yale/tariff-rate-tracker @ 4432170 (FR Doc 2026-15181 Annex II Parts B-O), read by build-law.ts" },
      { file: "2026-11/resources/s301_brazil_exempt_products.csv", upstream: "Budget-Lab-Yale/tariff-rate-tracker @ 0d48f2d (FR Doc 2026-14542 note 50(a)(ii)-(v)), read by build-law.ts" },
      { file: "2026-11/derived/s338_note51_hts8.csv", upstream: "U.S. note 51 lists of Proclamations 11046-11048 (HTS 2026 Rev 17), read by build-law.ts" },
    ],
  };
  writeFileSync(path.join(outDir, "meta.json"), `${JSON.stringify(meta, null, 2)}\n`);

  console.log(`categories ${categories.length}, HS groups ${groups.length}, HTS lines ${schedule.lines.length} (${schedule.rows.length} schedule rows), origin shares ${originShares.length}`);
  for (const w of warnings) console.warn(`warning: ${w}`);
}

main();
