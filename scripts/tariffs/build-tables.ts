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
 * - Measures and events: hand-checked constants below (each with its legal source), with
 *   product scopes read from measures/s301_product_lists.csv, s232_*.csv/txt and the
 *   exemption lists; IEEPA reciprocal country rates from measures/master_tariff_list.json.
 * - Categories: categories/consumer_category_seed.csv reviewed by hand (CATEGORY_REVIEW),
 *   retail margins from prices/pce_producer_to_purchaser_ratio.csv, import shares from
 *   trade/gtap_consumption_import_shares.csv.
 * - Origin shares: trade/imports_by_country_gtap_2024.csv (sector level).
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import path from "node:path";
import type {
  Authority,
  ConsumerCategory,
  CountryOverride,
  HtsLine,
  MeasureEvent,
  OriginShare,
  SourceDocument,
  TariffMeasure,
} from "../../lib/tariffs/types";
import { categoryAssigner, linesFromSchedule, scheduleRowsFromExport, SCHEDULE_COLUMNS, type ScheduleLine, type ScheduleRow, type UsitcRecord } from "../../lib/tariffs/hts-schedule";
import { buildHsGroups, marginOf, type PceMapFile } from "./hts-groups";

const repoRoot = path.resolve(__dirname, "..", "..");
const snapshotDir = path.resolve(process.argv[2] ?? path.join(repoRoot, "..", "shared", "data", "tariff-snapshot"));
const outDir = path.join(repoRoot, "data", "tariffs");

const HTS_RELEASE = "2026_rev_10";
const HTS_SOURCE = "hts-2026-rev-10";
/** The newest full schedule in the snapshot, and its revision's date (hts/revision_dates.csv: 2026_rev_10, 2026-06-08). */
const HTS_FILE = "hts/hts_2026_rev_10.json.gz";
const HTS_REVISION = { label: "HTS 2026 Revision 10", date: "2026-06-08" };
const IMPORT_YEAR = 2024;

// ---------------------------------------------------------------------------------------
// Small readers
// ---------------------------------------------------------------------------------------

function readText(rel: string): string {
  const file = path.join(snapshotDir, rel);
  const buf = readFileSync(file);
  return rel.endsWith(".gz") ? gunzipSync(buf).toString("utf8") : buf.toString("utf8");
}

/** RFC 4180 CSV (quoted fields, doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      field = "";
      if (row.length > 1 || row[0] !== "") rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function readCsv(rel: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readText(rel));
  if (!header) throw new Error(`${rel}: empty`);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ""])));
}

const digitsOf = (code: string) => code.replace(/\D/g, "");
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
// Sources
// ---------------------------------------------------------------------------------------

/** A Federal Register document: id, day and title come from its federalregister.gov URL. */
function frDoc(url: string, title: string, kind: SourceDocument["kind"], citation?: string): SourceDocument {
  const m = url.match(/documents\/(\d{4})\/(\d{2})\/(\d{2})\/(\d{4}-\d{5})\//);
  if (!m) throw new Error(`not a Federal Register document URL: ${url}`);
  return {
    id: `fr-${m[4]}`,
    kind,
    title,
    citation: citation ?? `FR Doc ${m[4]}`,
    url,
    publisher: "Federal Register (Office of the Federal Register)",
    publishedAt: `${m[1]}-${m[2]}-${m[3]}`,
  };
}

const FR = "https://www.federalregister.gov/documents/";
const SOURCES: SourceDocument[] = [
  {
    id: HTS_SOURCE,
    kind: "HTS_RELEASE",
    title: "Harmonized Tariff Schedule of the United States (2026) Revision 10",
    citation: "HTSUS 2026 Rev. 10",
    url: "https://hts.usitc.gov/",
    publisher: "U.S. International Trade Commission",
    publishedAt: "2026-06-08",
  },
  {
    id: "census-imports-gtap-2024",
    kind: "DATASET",
    title: "U.S. imports for consumption by country, 2024, aggregated to 45 GTAP sectors (imports_by_country_gtap_2024.csv)",
    citation: null,
    url: "https://api.census.gov/data/timeseries/intltrade/imports/hs",
    publisher: "U.S. Census Bureau; aggregated by arifshehab/tariff-rate-tracker (commit 9919812, MIT)",
    publishedAt: "2026-06-29",
  },
  {
    id: "bea-pce-bridge",
    kind: "DATASET",
    title: "BEA PCE Bridge (detail): producers' value and purchasers' value by PCE category",
    citation: null,
    url: "https://www.bea.gov/industry/input-output-accounts-data",
    publisher: "U.S. Bureau of Economic Analysis (as copied in Budget-Lab-Yale/Tariff-Model resources/io/detail/pce_bridge.csv @ 82cfad3)",
    publishedAt: "2026-07-25",
  },
  {
    id: "bl-tariff-model-import-shares",
    kind: "DATASET",
    title: "Domestic and imported shares of US consumption by GTAP sector (Tariff-Model resources/products/import_shares.csv)",
    citation: null,
    url: "https://github.com/Budget-Lab-Yale/Tariff-Model",
    publisher: "The Budget Lab at Yale",
    publishedAt: "2026-07-25",
  },
  {
    id: "bl-tariff-rate-tracker",
    kind: "DATASET",
    title: "Tariff rate tracker (policy parameters, scenario configuration, product lists)",
    citation: null,
    url: "https://github.com/Budget-Lab-Yale/tariff-rate-tracker",
    publisher: "The Budget Lab at Yale",
    publishedAt: "2026-05-11",
  },
  {
    id: "paper-cavallo-llamas-vazquez-2025",
    kind: "PAPER",
    title: "Cavallo, Llamas and Vazquez: Tracking the Short-Run Price Impact of U.S. Tariffs (NBER Working Paper 34496)",
    citation: "NBER WP 34496",
    url: "https://www.nber.org/papers/w34496",
    publisher: "National Bureau of Economic Research",
    publishedAt: "2025-11-01",
  },
  {
    id: "fed-feds-note-2026-04-08",
    kind: "PAPER",
    title: "Detecting Tariff Effects on Consumer Prices in Real Time, Part II (FEDS Notes)",
    citation: null,
    url: "https://www.federalreserve.gov/econres/notes/feds-notes/detecting-tariff-effects-on-consumer-prices-in-real-time-part-II-accessible-20260408.htm",
    publisher: "Board of Governors of the Federal Reserve System",
    publishedAt: "2026-04-08",
  },
  {
    id: "paper-flaaen-hortacsu-tintelnot-2020",
    kind: "PAPER",
    title: "Flaaen, Hortaçsu and Tintelnot: The Production Relocation and Price Effects of U.S. Trade Policy: The Case of Washing Machines (American Economic Review)",
    citation: "AER 110(7)",
    url: "https://www.wita.org/atp-research/the-production-relocation-and-price-effects-of-u-s-trade-policy-the-case-of-washing-machines/",
    publisher: "American Economic Association",
    publishedAt: "2020-07-01",
  },
  {
    id: "paper-cavallo-gopinath-neiman-tang-2021",
    kind: "PAPER",
    title: "Cavallo, Gopinath, Neiman and Tang: Tariff Pass-Through at the Border and at the Store (AER: Insights; NBER WP 26396)",
    citation: "AER: Insights 3(1):19-34",
    url: "https://ideas.repec.org/p/nbr/nberwo/26396.html",
    publisher: "American Economic Association",
    publishedAt: "2021-03-01",
  },
  {
    id: "scotus-learning-resources-2026",
    kind: "COURT_OPINION",
    title: "Learning Resources, Inc. v. Trump (with Trump v. V.O.S. Selections, Inc.): IEEPA does not authorize tariffs",
    citation: "Nos. 24-1287, 25-250",
    url: "https://supreme.justia.com/cases/federal/us/607/24-1287/",
    publisher: "Supreme Court of the United States (via Justia)",
    publishedAt: "2026-02-20",
  },
  {
    id: "wh-2025-04-reciprocal-retaliation",
    kind: "EXECUTIVE_ORDER",
    title: "Modifying Reciprocal Tariff Rates To Reflect Trading Partner Retaliation and Alignment",
    citation: null,
    url: "https://www.whitehouse.gov/presidential-actions/2025/04/modifying-reciprocal-tariff-rates-to-reflect-trading-partner-retaliation-and-alignment/",
    publisher: "The White House",
    publishedAt: "2025-04-09",
  },
  {
    id: "wh-2025-05-reciprocal-china",
    kind: "EXECUTIVE_ORDER",
    title: "Modifying Reciprocal Tariff Rates To Reflect Discussions With the People's Republic of China",
    citation: null,
    url: "https://www.whitehouse.gov/presidential-actions/2025/05/modifying-reciprocal-tariff-rates-to-reflect-discussions-with-the-peoples-republic-of-china/",
    publisher: "The White House",
    publishedAt: "2025-05-12",
  },
  frDoc(`${FR}2024/09/18/2024-21217/notice-of-modification-chinas-acts-policies-and-practices-related-to-technology-transfer`, "Notice of Modification: China's Acts, Policies, and Practices Related to Technology Transfer, Intellectual Property, and Innovation (four-year review)", "USTR_NOTICE"),
  frDoc(`${FR}2025/06/09/2025-10524/adjusting-imports-of-aluminum-and-steel-into-the-united-states`, "Adjusting Imports of Aluminum and Steel Into the United States (Proclamation 10947)", "PROCLAMATION", "90 FR 24199; FR Doc 2025-10524"),
  frDoc(`${FR}2025/08/05/2025-14893/adjusting-imports-of-copper-into-the-united-states`, "Adjusting Imports of Copper Into the United States", "PROCLAMATION"),
  frDoc(`${FR}2025/04/03/2025-05930/adjusting-imports-of-automobiles-and-automobile-parts-into-the-united-states`, "Adjusting Imports of Automobiles and Automobile Parts Into the United States (Proclamation 10908)", "PROCLAMATION", "90 FR 14705; FR Doc 2025-05930"),
  frDoc(`${FR}2025/09/16/2025-17908/implementing-certain-tariff-related-elements-of-the-united-states-japan-agreement`, "Implementing Certain Tariff-Related Elements of the United States-Japan Agreement", "EXECUTIVE_ORDER"),
  frDoc(`${FR}2025/09/25/2025-18660/implementing-certain-tariff-related-elements-of-the-us-eu-framework-on-an-agreement-on-reciprocal`, "Implementing Certain Tariff-Related Elements of the U.S.-EU Framework on an Agreement on Reciprocal, Fair, and Balanced Trade", "USTR_NOTICE"),
  frDoc(`${FR}2025/12/04/2025-21940/implementing-certain-tariff-related-elements-of-the-us-korea-strategic-trade-and-investment-deal`, "Implementing Certain Tariff-Related Elements of the U.S.-Korea Strategic Trade and Investment Deal", "USTR_NOTICE"),
  frDoc(`${FR}2025/10/06/2025-19482/adjusting-imports-of-timber-lumber-and-their-derivative-products-into-the-united-states`, "Adjusting Imports of Timber, Lumber, and Their Derivative Products Into the United States", "PROCLAMATION"),
  frDoc(`${FR}2026/05/28/2026-10571/implementing-certain-tariff-related-elements-of-a-trade-and-security-agreement-between-the-american`, "Implementing Certain Tariff-Related Elements of a Trade and Security Agreement (Taiwan)", "USTR_NOTICE"),
  frDoc(`${FR}2026/01/20/2026-01052/adjusting-imports-of-semiconductors-semiconductor-manufacturing-equipment-and-their-derivative`, "Adjusting Imports of Semiconductors, Semiconductor Manufacturing Equipment, and Their Derivative Products Into the United States", "PROCLAMATION"),
  frDoc(`${FR}2026/04/09/2026-06956/adjusting-imports-of-pharmaceuticals-and-pharmaceutical-ingredients-into-the-united-states`, "Adjusting Imports of Pharmaceuticals and Pharmaceutical Ingredients Into the United States", "PROCLAMATION"),
  frDoc(`${FR}2025/04/07/2025-06063/regulating-imports-with-a-reciprocal-tariff-to-rectify-trade-practices-that-contribute-to-large-and`, "Regulating Imports With a Reciprocal Tariff To Rectify Trade Practices That Contribute to Large and Persistent Annual United States Goods Trade Deficits (EO 14257)", "EXECUTIVE_ORDER"),
  frDoc(`${FR}2025/04/14/2025-06378/amendment-to-reciprocal-tariffs-and-updated-duties-as-applied-to-low-value-imports-from-the-peoples`, "Amendment to Reciprocal Tariffs and Updated Duties as Applied to Low-Value Imports From the People's Republic of China", "EXECUTIVE_ORDER"),
  frDoc(`${FR}2025/08/06/2025-15010/further-modifying-the-reciprocal-tariff-rates`, "Further Modifying the Reciprocal Tariff Rates (EO 14326)", "EXECUTIVE_ORDER"),
  frDoc(`${FR}2025/08/27/2025-16419/notice-of-implementation-of-additional-duties-on-products-of-india-pursuant-to-the-presidents`, "Notice of Implementation of Additional Duties on Products of India", "CBP_NOTICE"),
  frDoc(`${FR}2025/12/18/2025-23316/implementing-certain-tariff-related-elements-of-the-framework-for-a-united`, "Implementing Certain Tariff-Related Elements of the Framework for a United States-Switzerland-Liechtenstein Agreement", "USTR_NOTICE"),
  frDoc(`${FR}2025/02/07/2025-02408/imposing-duties-to-address-the-synthetic-opioid-supply-chain-in-the-peoples-republic-of-china`, "Imposing Duties To Address the Synthetic Opioid Supply Chain in the People's Republic of China", "EXECUTIVE_ORDER"),
  frDoc(`${FR}2025/03/06/2025-03664/notice-of-implementation-of-additional-duties-on-products-of-canada-pursuant-to-the-presidents`, "Notice of Implementation of Additional Duties on Products of Canada", "CBP_NOTICE"),
  frDoc(`${FR}2025/03/06/2025-03665/notice-of-implementation-of-additional-duties-on-products-of-mexico-pursuant-to-the-presidents`, "Notice of Implementation of Additional Duties on Products of Mexico", "CBP_NOTICE"),
  frDoc(`${FR}2025/03/07/2025-03775/further-amendment-to-duties-addressing-the-synthetic-opioid-supply-chain-in-the-peoples-republic-of`, "Further Amendment to Duties Addressing the Synthetic Opioid Supply Chain in the People's Republic of China", "EXECUTIVE_ORDER"),
  frDoc(`${FR}2025/08/06/2025-14999/amendment-to-duties-to-address-the-flow-of-illicit-drugs-across-our-northern-border`, "Amendment to Duties To Address the Flow of Illicit Drugs Across Our Northern Border", "EXECUTIVE_ORDER"),
  frDoc(`${FR}2025/11/07/2025-19825/modifying-duties-addressing-the-synthetic-opioid-supply-chain-in-the-peoples-republic-of-china`, "Modifying Duties Addressing the Synthetic Opioid Supply Chain in the People's Republic of China", "EXECUTIVE_ORDER"),
  frDoc(`${FR}2026/02/25/2026-03824/imposing-a-temporary-import-surcharge-to-address-fundamental-international-payments-problems`, "Imposing a Temporary Import Surcharge To Address Fundamental International Payments Problems (Section 122)", "PROCLAMATION"),
  {
    id: "fr-2026-11296",
    kind: "USTR_NOTICE",
    title: "Initiation/proposed action: failure to impose and effectively enforce a prohibition on the importation of goods produced with forced labor (Section 301, 60 economies)",
    citation: "91 FR 34272; FR Doc 2026-11296",
    url: "https://www.federalregister.gov/documents/2026/06/05/2026-11296",
    publisher: "Office of the United States Trade Representative (Federal Register)",
    publishedAt: "2026-06-05",
  },
];

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
  upholstered_wood_seats: { name: "Upholstered wooden seating", referenceHts: "9401.61.60", pceLines: [25], cpiSeriesId: "CUUR0000SEHJ02", cpiLabel: "Living room, kitchen, and dining room furniture" },
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
  bananas: { referenceHts: "0803.90.00", pceLines: [91], cpiSeriesId: "CUUR0000SEFK01", cpiLabel: "Bananas" },
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
function readSchedule(): { rows: ScheduleRow[]; lines: ScheduleLine[] } {
  const records = JSON.parse(readText(HTS_FILE)) as UsitcRecord[];
  const rows = scheduleRowsFromExport(records);
  return { rows, lines: linesFromSchedule(rows) };
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

  // Measures and events
  const { measures, events } = buildMeasures(categories, htsLines, warnings);

  return { categories: categories as ConsumerCategory[], groups, schedule, originShares, measures, events, warnings };
}

/** HTS prefixes as our tables hold them (2-10 digits); a 12-digit entry ending "00" is an HTS10 with a stray suffix. */
function cleanPrefixes(file: string, raw: string[], warnings: string[]): string[] {
  const out: string[] = [];
  for (const r of raw) {
    const d = digitsOf(r);
    if (d.length >= 2 && d.length <= 10) out.push(d);
    else if (d.length === 12 && d.endsWith("00")) {
      warnings.push(`${file}: ${r} read as ${d.slice(0, 10)}`);
      out.push(d.slice(0, 10));
    } else warnings.push(`${file}: malformed entry ${r} dropped`);
  }
  return uniqSorted(out);
}

// ---------------------------------------------------------------------------------------
// Measures (curated) and their events
// ---------------------------------------------------------------------------------------

function buildMeasures(categories: ConsumerCategory[], htsLines: HtsLine[], warnings: string[]) {
  const catPrefixes = categories.flatMap((c) => c.htsPrefixes);
  const inCategories = (digits: string) => catPrefixes.some((p) => digits.startsWith(p) || p.startsWith(digits));
  const lineDigits = htsLines.map((l) => l.digits);
  const touchesLines = (prefix: string) => lineDigits.some((d) => d.startsWith(prefix) || prefix.startsWith(d));

  const s301 = readCsv("measures/s301_product_lists.csv");
  const s301List = (...lists: string[]) =>
    uniqSorted(s301.filter((r) => lists.includes(r.list ?? "") && inCategories(r.hts8 ?? "")).map((r) => r.hts8 ?? ""));
  const s301Heading = (...headings: string[]) =>
    uniqSorted(s301.filter((r) => headings.includes(r.ch99_code ?? "") && inCategories(r.hts8 ?? "")).map((r) => r.hts8 ?? ""));

  const annex = readCsv("measures/s232_annex_products_2026-06.csv");
  const annexOf = (a: string) => uniqSorted(annex.filter((r) => r.annex === a && touchesLines(r.hts_prefix ?? "")).map((r) => r.hts_prefix ?? ""));
  const derivatives = uniqSorted(readCsv("measures/s232_derivative_products.csv").map((r) => r.hts_prefix ?? "").filter(touchesLines));
  const copper = uniqSorted(readCsv("measures/s232_copper_products.csv").map((r) => r.hts10 ?? ""));
  const autoPartsAll = readText("measures/s232_auto_parts.txt").split(/\s+/).filter(Boolean);
  // US note 33(g) names the whole of heading 8471 and 8507.60; only articles that are parts of
  // passenger vehicles are covered, so household computers and loose batteries are left out.
  const AUTO_PARTS_LEFT_OUT = ["8471", "850760"];
  const autoParts = uniqSorted(autoPartsAll.filter((p) => !AUTO_PARTS_LEFT_OUT.includes(p)));
  const semis = uniqSorted(readCsv("measures/s232_semi_products.csv").map((r) => r.hts10 ?? ""));
  const pharma = uniqSorted(readCsv("measures/s232_pharma_products.csv").map((r) => r.hts10 ?? ""));
  const s122Exempt = uniqSorted(readCsv("measures/s122_exempt_products.csv").map((r) => r.hts8 ?? ""));
  const flExempt = uniqSorted(readCsv("measures/s301fl_exempt_products.csv").map((r) => r.hts8 ?? ""));
  const ieepaExempt = cleanPrefixes("ieepa_exempt_products.csv", readCsv("measures/ieepa_exempt_products.csv").map((r) => r.hts10 ?? ""), warnings);

  const floor15 = (countries: string[], note: string): CountryOverride[] => countries.map((country) => ({ country, floor: 0.15, note }));

  const base = { excludedCountries: [] as string[], countryOverrides: [] as CountryOverride[], excludedProducts: [] as string[], notWith: [] as Authority[], stacking: "ADD" as const };
  const measures: TariffMeasure[] = [];
  const events: MeasureEvent[] = [];
  const ev = (measureId: string, date: string, type: MeasureEvent["type"], sourceId: string, note: string, extra: { rate?: number; country?: string } = {}) => {
    const id = `${measureId}:${type.toLowerCase()}:${date}${extra.country ? `:${extra.country}` : ""}`;
    events.push({ id, measureId, date, type, ...(extra.rate !== undefined ? { rate: extra.rate } : {}), ...(extra.country ? { country: extra.country } : {}), sourceId, note });
  };

  // --- Section 301 China -------------------------------------------------------------
  const china301 = (id: string, name: string, heads: string[], rate: number, products: string[], notes: string): TariffMeasure => ({
    ...base,
    id,
    authority: "S301_CHINA",
    name,
    ch99Headings: heads,
    rate,
    countries: ["CN"],
    products,
    stacking: "MAX_WITHIN_AUTHORITY",
    sourceId: HTS_SOURCE,
    confidence: "high",
    notes,
  });
  const listNote = "Product scope: the list's HTS8 lines (Budget Lab s301_product_lists.csv) that fall in our categories; the HTS line footnotes cite the same heading. Several China 301 lines on one product: the largest applies. Rate read from the HTS 2026 Rev 10 heading; exclusions 9903.88.xx listed in the heading text are not modelled.";
  measures.push(china301("s301_china_list1", "Section 301 China, List 1", ["9903.88.01"], 0.25, s301List("1"), listNote));
  ev("s301_china_list1", "2018-07-06", "EFFECTIVE", HTS_SOURCE, "List 1 (+25%) in force since 2018-07-06 (date as compiled in the snapshot's measures table; rate confirmed by HTS 2026 Rev 10 heading 9903.88.01).", { rate: 0.25 });
  measures.push(china301("s301_china_list2", "Section 301 China, List 2", ["9903.88.02"], 0.25, s301List("2"), listNote));
  ev("s301_china_list2", "2018-08-23", "EFFECTIVE", HTS_SOURCE, "List 2 (+25%) in force since 2018-08-23 (date as compiled in the snapshot; rate confirmed by HTS 2026 Rev 10 heading 9903.88.02).", { rate: 0.25 });
  measures.push(china301("s301_china_list3", "Section 301 China, List 3", ["9903.88.03", "9903.88.04"], 0.25, s301List("3", "3_addl"), listNote));
  ev("s301_china_list3", "2019-05-10", "EFFECTIVE", HTS_SOURCE, "List 3 at +25% since 2019-05-10 (first in force at 10% in 2018; the earlier step is not modelled). Rate confirmed by HTS 2026 Rev 10 headings 9903.88.03/.04.", { rate: 0.25 });
  measures.push(china301("s301_china_list4a", "Section 301 China, List 4A", ["9903.88.15"], 0.075, s301List("4A"), `${listNote} Covers much apparel and footwear (e.g. 6403.99.60, footnote "See 9903.88.15").`));
  ev("s301_china_list4a", "2020-02-14", "EFFECTIVE", HTS_SOURCE, "List 4A at +7.5% since 2020-02-14 (Phase One halving from 15%; the earlier 15% step is not modelled). Rate confirmed by HTS 2026 Rev 10 heading 9903.88.15.", { rate: 0.075 });
  measures.push(china301("s301_china_list4b", "Section 301 China, List 4B (suspended)", ["9903.88.16"], 0.15, s301List("4B"), `${listNote} HTS 2026 Rev 10 prints heading 9903.88.16 (+15%) with the compiler's note "provision suspended": not collected.`));
  ev("s301_china_list4b", "2019-12-15", "PAUSED", HTS_SOURCE, "Suspended before its scheduled start on 2019-12-15 and never collected; HTS 2026 Rev 10 still marks 9903.88.16 \"provision suspended\". (Date of the suspension as publicly reported; not checked against the FR text here.)");
  const evs = s301Heading("9903.91.03");
  measures.push(china301("s301_china_2024_ev", "Section 301 China, four-year review: electric vehicles", ["9903.91.03"], 1.0, evs, "2024 four-year review increase on electric passenger vehicles (8703.60/.70/.80 and 8703.90.01): +100% (US note 31(d)). Of the review's increases (9903.91.01-.08: semiconductors, solar cells, batteries, medical goods, etc.) only this one touches our categories. Product scope from the Budget Lab list intersected with our categories."));
  measures[measures.length - 1]!.sourceId = "fr-2024-21217";
  ev("s301_china_2024_ev", "2024-09-27", "EFFECTIVE", "fr-2024-21217", "+100% on Chinese electric vehicles from 2024-09-27 (USTR notice of modification, FR Doc 2024-21217; HTS 9903.91.03).", { rate: 1.0 });

  // --- Section 232 -------------------------------------------------------------------
  measures.push({
    ...base,
    id: "s232_steel_aluminum",
    authority: "S232",
    name: "Section 232 steel and aluminum derivatives (50%, metal-content basis)",
    ch99Headings: ["9903.81.91", "9903.85.02", "9903.85.07", "9903.85.08"],
    rate: 0.5,
    countries: "ALL",
    countryOverrides: [{ country: "GB", rate: 0.25, note: "UK stayed at 25% (Proclamation 10947)." }],
    products: derivatives,
    sourceId: "fr-2025-10524",
    confidence: "low",
    notes: "Steel and aluminum derivative articles in our categories (Budget Lab s232_derivative_products.csv). Until 2026-04-06 the 50% was charged on the value of the steel/aluminum content only, not on the whole article: a full-value reading overstates it, and the metal share is not in our tables. Replaced on 2026-04-06 by the metals annexes (s232_metals_annex_1a, s232_metals_annex_1b). Russia aluminum 200% not modelled.",
  });
  ev("s232_steel_aluminum", "2025-06-04", "EFFECTIVE", "fr-2025-10524", "Steel and aluminum duties raised to 50% (UK 25%) from 2025-06-04 (Proclamation 10947).", { rate: 0.5 });
  ev("s232_steel_aluminum", "2026-04-06", "EXPIRED", HTS_SOURCE, "Content-based derivative duties replaced by the product annexes (HTS 9903.82.xx, Rev 5 onward); see the annex measures.");
  // Annex I-A touches none of our categories: its whole list is kept (it is short).
  const annex1a = uniqSorted(annex.filter((r) => r.annex === "1a").map((r) => r.hts_prefix ?? ""));
  const annex1b = annexOf("1b");
  measures.push({
    ...base,
    id: "s232_metals_annex_1a",
    authority: "S232",
    name: "Section 232 metals, Annex I-A (50%)",
    ch99Headings: ["9903.82.02", "9903.82.04"],
    rate: 0.5,
    countries: "ALL",
    countryOverrides: [{ country: "GB", rate: 0.25, note: "UK +25% (9903.82.04)." }],
    products: annex1a,
    sourceId: HTS_SOURCE,
    confidence: "medium",
    notes: "Articles of steel, aluminum or copper and derivatives on Annex I-A, full value, from 2026-04-06 (HTS 9903.82.02 \"+ 50%\"); scope: all Annex I-A entries (Budget Lab s232_annex_products_2026-06.csv; none is in our shopper categories). The April 2026 annex proclamation itself is not in our sources; the HTS heading is.",
  });
  ev("s232_metals_annex_1a", "2026-04-06", "EFFECTIVE", HTS_SOURCE, "Metals annex regime in force from 2026-04-06 (HTS 2026 Rev 5; Rev 10 prints 9903.82.02 + 50%).", { rate: 0.5 });
  measures.push({
    ...base,
    id: "s232_metals_annex_1b",
    authority: "S232",
    name: "Section 232 metals, Annex I-B derivatives (25%)",
    ch99Headings: ["9903.82.09"],
    rate: 0.25,
    countries: "ALL",
    products: annex1b,
    sourceId: HTS_SOURCE,
    confidence: "low",
    notes: "Derivative steel/aluminum articles on Annex I-B at 25% of full value from 2026-04-06 (HTS 9903.82.09 \"+ 25%\"). Outside chapters 72/73/74/76 an article whose metal is under 15% of its weight pays nothing under this heading (9903.82.03), and articles with no metal are out (9903.82.01): we do not know the metal weight per product, so treat this as an upper bound for appliances, tools and electronics. UK rates for this annex not modelled.",
  });
  ev("s232_metals_annex_1b", "2026-04-06", "EFFECTIVE", HTS_SOURCE, "Annex I-B in force from 2026-04-06 (HTS 2026 Rev 5; Rev 10 prints 9903.82.09 + 25%).", { rate: 0.25 });
  measures.push({
    ...base,
    id: "s232_copper",
    authority: "S232",
    name: "Section 232 copper (50%)",
    ch99Headings: ["9903.78.01"],
    rate: 0.5,
    countries: "ALL",
    products: copper,
    sourceId: "fr-2025-14893",
    confidence: "medium",
    notes: "Semi-finished copper and copper-intensive derivatives listed in US note 36(b) (Budget Lab s232_copper_products.csv, 80 lines), charged on the copper content. None of our shopper categories is on the list. From 2026-04-06 copper articles moved into the metals annexes (9903.82.xx).",
  });
  ev("s232_copper", "2025-08-01", "EFFECTIVE", "fr-2025-14893", "Copper duty of 50% from 2025-08-01.", { rate: 0.5 });

  const autoOverrides = (what: "vehicles" | "parts"): CountryOverride[] => [
    what === "vehicles"
      ? { country: "GB", rate: 0.075, note: "UK passenger vehicles within the 100,000-vehicle quota: +7.5% (10% all-in with the 2.5% MFN), 9903.94.31, from 2025-06-30; above the quota 25%." }
      : { country: "GB", floor: 0.1, note: "UK parts: 10% all-in (9903.94.32/.33) from 2025-06-30." },
    { country: "JP", floor: 0.15, note: "Japan: 15% all-in from 2025-09-16 (FR Doc 2025-17908)." },
    ...floor15(EU27, "EU: 15% all-in (FR Doc 2025-18660; retroactive to 2025-08-01)."),
    { country: "KR", floor: 0.15, note: "South Korea: 15% all-in (FR Doc 2025-21940; legally from 2025-11-01)." },
    ...(what === "parts" ? [{ country: "TW", floor: 0.15, note: "Taiwan parts: 15% all-in from 2026-05-01 (FR Doc 2026-10571)." }] : []),
  ];
  measures.push({
    ...base,
    id: "s232_autos",
    authority: "S232",
    name: "Section 232 passenger vehicles and light trucks (25%)",
    ch99Headings: ["9903.94.01", "9903.94.03", "9903.94.31", "9903.94.41", "9903.94.51", "9903.94.61"],
    rate: 0.25,
    countries: "ALL",
    countryOverrides: autoOverrides("vehicles"),
    products: ["870321", "870322", "870323", "870324", "870331", "870332", "870333", "870334", "870340", "870350", "870360", "870370", "870380", "870390", "87042101", "87043101", "87044100", "87045100"],
    sourceId: "fr-2025-05930",
    confidence: "high",
    notes: "25% on imported passenger vehicles and light trucks from 2025-04-03 (Proclamation 10908). USMCA-qualifying vehicles pay it only on their non-US content (9903.94.03): shown as a condition, not computed. Country deals are all-in floors (MFN included); the override dates are in their notes (an override carries no date in our tables, so it is applied from the measure's start).",
  });
  ev("s232_autos", "2025-04-03", "EFFECTIVE", "fr-2025-05930", "25% on passenger vehicles and light trucks from 2025-04-03.", { rate: 0.25 });
  measures.push({
    ...base,
    id: "s232_auto_parts",
    authority: "S232",
    name: "Section 232 automobile parts (25%)",
    ch99Headings: ["9903.94.05", "9903.94.07", "9903.94.33", "9903.94.43", "9903.94.45", "9903.94.53", "9903.94.55", "9903.94.63", "9903.94.65", "9903.94.67", "9903.94.69"],
    rate: 0.25,
    countries: "ALL",
    countryOverrides: autoOverrides("parts"),
    products: autoParts,
    sourceId: "fr-2025-05930",
    confidence: "high",
    notes: `25% on automobile parts from 2025-05-03 (Proclamation 10908), scope US note 33(g) (Budget Lab s232_auto_parts.txt), including passenger-car tires (4011.10). USMCA-compliant parts exempt (shown as a condition). Left out of our scope: ${AUTO_PARTS_LEFT_OUT.join(", ")} (named in note 33(g) but covered only when they are parts of passenger vehicles; a household laptop or loose battery is not).`,
  });
  ev("s232_auto_parts", "2025-05-03", "EFFECTIVE", "fr-2025-05930", "25% on automobile parts from 2025-05-03.", { rate: 0.25 });

  const woodDeals = (): CountryOverride[] => [
    { country: "GB", rate: 0.1, note: "UK wood products +10% (9903.76.20)." },
    { country: "JP", floor: 0.15, note: "Japan 15% all-in (9903.76.21)." },
    ...floor15(EU27, "EU 15% all-in (9903.76.22)."),
    { country: "KR", floor: 0.15, note: "South Korea 15% all-in (9903.76.23; FR Doc 2025-21940)." },
    { country: "TW", floor: 0.15, note: "Taiwan 15% all-in (9903.76.24) from 2026-05-01 (FR Doc 2026-10571)." },
  ];
  measures.push({
    ...base,
    id: "s232_softwood_lumber",
    authority: "S232",
    name: "Section 232 softwood timber and lumber (10%)",
    ch99Headings: ["9903.76.01"],
    rate: 0.1,
    countries: "ALL",
    products: ["44031100", "44032101", "44032201", "44032301", "44032401", "44032501", "44032601", "44039901", "44061100", "44069100", "44071100", "44071200", "44071300", "44071400", "44071900"],
    sourceId: "fr-2025-19482",
    confidence: "high",
    notes: "10% on softwood timber and lumber (US note 37(b); HTS 9903.76.01 \"+ 10%\") for all countries. The 15% deal headings 9903.76.21-.24 cover only furniture and cabinets (note 37(d), (f)), not lumber. Product list from Budget Lab policy_params (softwood prefixes).",
  });
  ev("s232_softwood_lumber", "2025-10-14", "EFFECTIVE", "fr-2025-19482", "10% on softwood timber and lumber from 2025-10-14.", { rate: 0.1 });
  measures.push({
    ...base,
    id: "s232_upholstered_wood_furniture",
    authority: "S232",
    name: "Section 232 upholstered wooden furniture (25%)",
    ch99Headings: ["9903.76.02", "9903.76.20", "9903.76.21", "9903.76.22", "9903.76.23", "9903.76.24"],
    rate: 0.25,
    countries: "ALL",
    countryOverrides: woodDeals(),
    products: ["9401614011", "9401614031", "9401616011", "9401616031"],
    sourceId: "fr-2025-19482",
    confidence: "high",
    notes: "25% on upholstered wooden seats (US note 37(d); HTS 2026 Rev 10 9903.76.02 \"+ 25%\"). The proclamation's scheduled step-up (30%) is not in the HTS text through Rev 10, so it is not in force in our tables; any later change is unknown until a refresh. Scope: the four statistical lines in Budget Lab policy_params.",
  });
  ev("s232_upholstered_wood_furniture", "2025-10-14", "EFFECTIVE", "fr-2025-19482", "25% on upholstered wooden furniture from 2025-10-14.", { rate: 0.25 });
  measures.push({
    ...base,
    id: "s232_kitchen_cabinets_vanities",
    authority: "S232",
    name: "Section 232 kitchen cabinets and vanities (25%)",
    ch99Headings: ["9903.76.03", "9903.76.20", "9903.76.21", "9903.76.22", "9903.76.23", "9903.76.24"],
    rate: 0.25,
    countries: "ALL",
    countryOverrides: woodDeals(),
    products: ["9403409060", "9403608093", "9403910080"],
    sourceId: "fr-2025-19482",
    confidence: "high",
    notes: "25% on completed kitchen cabinets, vanities and their parts (US note 37(f); HTS 2026 Rev 10 9903.76.03 \"+ 25%\"). The scheduled step-up (50%) is not in the HTS text through Rev 10: not in force in our tables.",
  });
  ev("s232_kitchen_cabinets_vanities", "2025-10-14", "EFFECTIVE", "fr-2025-19482", "25% on kitchen cabinets and vanities from 2025-10-14.", { rate: 0.25 });
  measures.push({
    ...base,
    id: "s232_semiconductors",
    authority: "S232",
    name: "Section 232 semiconductors (narrow scope, 25%)",
    ch99Headings: ["9903.79.01"],
    rate: 0.25,
    countries: "ALL",
    products: semis,
    sourceId: "fr-2026-01052",
    confidence: "medium",
    notes: "25% on a narrow set of advanced computing articles (10 HTS10 lines in 8471.50, 8471.80, 8473.30 per Budget Lab s232_semi_products.csv; US note 39). End-use exemptions (US data centers, repairs, R&D, startups, consumer electronics, civil industrial uses: 9903.79.03-.08) mean most household purchases are not charged. Laptops (8471.30) are not in scope.",
  });
  ev("s232_semiconductors", "2026-01-15", "EFFECTIVE", "fr-2026-01052", "25% on covered semiconductor articles from 2026-01-15.", { rate: 0.25 });
  measures.push({
    ...base,
    id: "s232_pharmaceuticals",
    authority: "S232",
    name: "Section 232 patented pharmaceuticals (100%, scheduled)",
    ch99Headings: [],
    rate: 1.0,
    countries: "ALL",
    countryOverrides: [
      { country: "GB", rate: 0.1, note: "UK 10% (third-party compilation; verify)." },
      { country: "JP", floor: 0.15, note: "15% all-in (third-party compilation; verify)." },
      { country: "KR", floor: 0.15, note: "15% all-in (third-party compilation; verify)." },
      { country: "CH", floor: 0.15, note: "15% all-in (third-party compilation; verify)." },
      { country: "LI", floor: 0.15, note: "15% all-in (third-party compilation; verify)." },
      ...floor15(EU27, "EU 15% all-in (third-party compilation; verify)."),
    ],
    products: pharma,
    sourceId: "fr-2026-06956",
    confidence: "low",
    notes: "Scheduled for 2026-09-29 (FR Doc 2026-06956): 100% on patented pharmaceuticals (Annex I; 131 HTS10 lines per Budget Lab s232_pharma_products.csv). Generic medicines and companies with pricing/onshoring deals are carved out, which our tables cannot tell apart: most retail medicines may owe nothing. Rates and country caps come from third-party compilations (arifshehab master_tariff_list.json, Budget Lab policy_params), not from the FR text: unconfirmed. Not yet in HTS Rev 10.",
  });
  ev("s232_pharmaceuticals", "2026-04-09", "FINAL", "fr-2026-06956", "Proclamation published 2026-04-09, duties scheduled for 2026-09-29.", { rate: 1.0 });
  ev("s232_pharmaceuticals", "2026-09-29", "EFFECTIVE", "fr-2026-06956", "Scheduled start of the pharmaceutical duties (unconfirmed rates; low confidence).", { rate: 1.0 });

  // --- IEEPA -------------------------------------------------------------------------
  const master = JSON.parse(readText("measures/master_tariff_list.json")) as {
    tariff_authority: string;
    tariff_name: string;
    effective_date: { country_name?: string; census_code?: string; adjust_date?: string; adjust_rate?: number; base_date?: string; base_rate?: number; source: string }[];
  }[];
  const sourceIdOfUrl = (url: string): string => {
    const fr = url.match(/documents\/\d{4}\/\d{2}\/\d{2}\/(\d{4}-\d{5})\//);
    if (fr) return `fr-${fr[1]}`;
    const known = SOURCES.find((s) => s.url === url);
    if (known) return known.id;
    throw new Error(`no source for ${url}`);
  };
  const reciprocal = master.find((p) => p.tariff_authority === "ieepa" && p.tariff_name === "reciprocal");
  if (!reciprocal) throw new Error("reciprocal program missing");
  const FLOOR_COUNTRIES = new Set([...EU27, "JP", "KR", "CH", "LI"]);
  const reciprocalOverrides: CountryOverride[] = [
    ...floor15(EU27, "EU: 15% all-in from 2025-08-07 (EO 14326); from 2025-04-05 to 2025-08-06 the 10% baseline applied (not separately modelled)."),
    { country: "JP", floor: 0.15, note: "Japan: 15% all-in from 2025-08-07 (made a floor by FR Doc 2025-17908)." },
    { country: "KR", floor: 0.15, note: "South Korea: +15% from 2025-08-07, 15% all-in from 2025-11-14 (FR Doc 2025-21940); recorded as the floor." },
    { country: "CH", floor: 0.15, note: "Switzerland: +39% from 2025-08-07 (see the dated event), 15% all-in from 2025-11-14 (FR Doc 2025-23316); an override carries no date, so the floor is what the engine applies." },
    { country: "LI", floor: 0.15, note: "Liechtenstein: with Switzerland, 15% all-in from 2025-11-14 (FR Doc 2025-23316)." },
  ];
  measures.push({
    ...base,
    id: "ieepa_reciprocal",
    authority: "IEEPA_RECIPROCAL",
    name: "IEEPA \"reciprocal\" tariffs (struck down)",
    ch99Headings: ["9903.01.25", "9903.01.43-9903.01.75", "9903.02.02-9903.02.91"],
    rate: 0.1,
    countries: "ALL",
    excludedCountries: ["CA", "MX"],
    countryOverrides: reciprocalOverrides,
    products: ["*"],
    excludedProducts: ieepaExempt,
    sourceId: "fr-2025-06063",
    confidence: "high",
    notes: "10% baseline from 2025-04-05 (EO 14257), country rates from 2025-08-07 (EO 14326) as dated events; Canada and Mexico were under the fentanyl tariffs instead (9903.01.26/.27). Annex II and later exemptions (Budget Lab ieepa_exempt_products.csv, HTS10) excluded. Held unlawful: Supreme Court, Learning Resources v. Trump, 2026-02-20; CBP stopped collecting 2026-02-24. HTS Rev 10 still prints these headings: status comes from the events, not the HTS. Refunds (CIT order 2026-03-04; CBP CAPE from 2026-04-20) go to importers, not shoppers. India's rate returned to 25% on 2026-02-07 (White House order, not in our sources) before the ruling.",
  });
  ev("ieepa_reciprocal", "2025-04-05", "EFFECTIVE", "fr-2025-06063", "10% baseline on all countries from 2025-04-05.", { rate: 0.1 });
  const reciprocalDates = new Set(["2025-04-09", "2025-04-10", "2025-05-14", "2025-08-07", "2025-08-27", "2025-11-14"]);
  for (const e of reciprocal.effective_date) {
    if (!e.census_code || !e.adjust_date || e.adjust_rate === undefined) continue;
    if (!reciprocalDates.has(e.adjust_date)) continue;
    const iso = CENSUS_TO_ISO2[e.census_code];
    if (!iso) {
      warnings.push(`reciprocal: no ISO2 for ${e.census_code} ${e.country_name}; left out`);
      continue;
    }
    if (FLOOR_COUNTRIES.has(iso) && !(iso === "CH" && e.adjust_date === "2025-08-07")) continue;
    const note =
      iso === "BR"
        ? "Brazil: 10% reciprocal + 40% (Brazil order) = +50% from 2025-08-07, as compiled by arifshehab master_tariff_list.json."
        : iso === "IN" && e.adjust_date === "2025-08-27"
          ? "India: +25% Russia-oil order on top of the 25% reciprocal rate = +50% from 2025-08-27."
          : iso === "CH"
            ? "Switzerland +39% from 2025-08-07 (superseded by the 15% all-in floor in countryOverrides from 2025-11-14)."
            : `${e.country_name}: +${round(e.adjust_rate * 100, 2)}% from ${e.adjust_date}.`;
    ev("ieepa_reciprocal", e.adjust_date, "RATE_CHANGE", sourceIdOfUrl(e.source), note, { rate: e.adjust_rate, country: iso });
  }
  ev("ieepa_reciprocal", "2026-02-20", "COURT_RULING", "scotus-learning-resources-2026", "Supreme Court: IEEPA does not authorize tariffs (6-3).");
  ev("ieepa_reciprocal", "2026-02-24", "STRUCK_DOWN", "scotus-learning-resources-2026", "CBP stopped collecting IEEPA duties at 12:00 a.m. ET 2026-02-24.");

  measures.push({
    ...base,
    id: "ieepa_fentanyl",
    authority: "IEEPA_FENTANYL",
    name: "IEEPA fentanyl (\"trafficking\") tariffs on China, Canada and Mexico (struck down)",
    ch99Headings: ["9903.01.01", "9903.01.10", "9903.01.13", "9903.01.20", "9903.01.24"],
    rate: null,
    countries: ["CA", "CN", "HK", "MX"],
    products: ["*"],
    sourceId: "fr-2025-02408",
    confidence: "high",
    notes: "Per-country rates as dated events. USMCA-qualifying goods of Canada and Mexico were exempt (9903.01.04/.14): shown as a condition. Canadian energy, potash and critical minerals paid 10% (9903.01.13/.15), not modelled per product. Held unlawful with the reciprocal tariffs (Supreme Court 2026-02-20; collection stopped 2026-02-24).",
  });
  const fent = master.find((p) => p.tariff_authority === "ieepa" && p.tariff_name === "fentanyl");
  if (!fent) throw new Error("fentanyl program missing");
  ev("ieepa_fentanyl", "2025-02-04", "EFFECTIVE", "fr-2025-02408", "First fentanyl duties (China and Hong Kong +10%) from 2025-02-04; Canada and Mexico were paused until 2025-03-04.");
  for (const e of fent.effective_date) {
    if (!e.census_code || !e.adjust_date || e.adjust_rate === undefined) continue;
    const iso = CENSUS_TO_ISO2[e.census_code];
    if (!iso) throw new Error(`fentanyl: no ISO2 for ${e.census_code}`);
    // The 2025-11-09 cut took effect on 2025-11-10 (12:01 a.m. ET; FR Doc 2025-19825).
    const date = e.adjust_date === "2025-11-09" ? "2025-11-10" : e.adjust_date;
    ev("ieepa_fentanyl", date, "RATE_CHANGE", sourceIdOfUrl(e.source), `${e.country_name}: +${round(e.adjust_rate * 100, 2)}% from ${date}.`, { rate: e.adjust_rate, country: iso });
  }
  ev("ieepa_fentanyl", "2026-02-20", "COURT_RULING", "scotus-learning-resources-2026", "Supreme Court: IEEPA does not authorize tariffs (6-3).");
  ev("ieepa_fentanyl", "2026-02-24", "STRUCK_DOWN", "scotus-learning-resources-2026", "CBP stopped collecting IEEPA duties at 12:00 a.m. ET 2026-02-24.");

  // --- Section 122 -------------------------------------------------------------------
  measures.push({
    ...base,
    id: "s122_surcharge",
    authority: "S122",
    name: "Section 122 temporary import surcharge (10%)",
    ch99Headings: ["9903.03.01"],
    rate: 0.1,
    countries: "ALL",
    products: ["*"],
    excludedProducts: s122Exempt,
    notWith: ["S232"],
    sourceId: "fr-2026-03824",
    confidence: "high",
    notes: "10% on all countries from 2026-02-24 (HTS 9903.03.01 \"+ 10%\", Rev 4 to Rev 10). Exempt: goods in transit, Section 232 goods (9903.03.06), USMCA goods of Canada and Mexico (9903.03.07/.08: shown as a condition), civil aircraft, CAFTA-DR textiles, donations and informational materials, and a list of 1,656 HTS8 lines (Budget Lab s122_exempt_products.csv). A raise to 15% was announced 2026-02-21 but never printed in the HTS. The statute limits it to 150 days: last day 2026-07-23.",
  });
  ev("s122_surcharge", "2026-02-24", "EFFECTIVE", "fr-2026-03824", "10% surcharge from 12:01 a.m. ET 2026-02-24.", { rate: 0.1 });
  ev("s122_surcharge", "2026-07-24", "EXPIRED", "fr-2026-03824", "150-day statutory limit: last active day 2026-07-23, no longer collected from 2026-07-24 (no extension by Congress known as of the tables' date).");

  // --- Section 301 forced labor ------------------------------------------------------
  // 10% tier per FR Doc 2026-11296 (economies with a ban, an ART commitment or a partial
  // regime): EU, CA, MX, ID, PK, EC, AR, BD, KH, SV, GT, MY, TW, GB. 12.5%: the others, as
  // encoded by the Budget Lab tracker from the June proposal.
  const tier10 = [...EU27, "GB", "CA", "MX", "TW", "MY", "ID", "KH", "BD", "PK", "AR", "EC", "SV", "GT"];
  const tier125 = ["CN", "HK", "VN", "IN", "JP", "KR", "TH", "CH", "BR", "AU"];
  measures.push({
    ...base,
    id: "s301_forced_labor",
    authority: "S301_FORCED_LABOR",
    name: "Section 301 forced-labor import-ban action (10% / 12.5%)",
    ch99Headings: [],
    rate: null,
    countries: uniqSorted([...tier10, ...tier125]),
    countryOverrides: [
      ...tier10.map((country) => ({ country, rate: 0.1 })),
      ...tier125.map((country) => ({ country, rate: 0.125 })),
    ].sort((a, b) => (a.country < b.country ? -1 : 1)),
    products: ["*"],
    excludedProducts: flExempt,
    notWith: ["S232"],
    sourceId: "fr-2026-11296",
    confidence: "low",
    notes: "Proposed by USTR on 2026-06-05 (91 FR 34272, FR Doc 2026-11296): +10% for economies with a forced-labor import ban, an Agreement on Reciprocal Trade commitment or a partial regime (the notice names the EU, Canada, Mexico, Indonesia, Pakistan, Ecuador, Argentina, Bangladesh, Cambodia, El Salvador, Guatemala, Malaysia, Taiwan and the UK), +12.5% for the others; all products except Annex A (1,632 HTS8, Budget Lab s301fl_exempt_products.csv), Section 232 goods, USMCA-compliant goods of Canada and Mexico, and CAFTA-DR duty-free textiles. Only the proposal is confirmed: the final action, its tiers and its start on 2026-07-24 come from The Budget Lab's tracker (its final-action scenario), not from a final FR notice. The 12.5% tier lists only the economies our categories import from; the proposal covers 60 economies. Stacking with China Section 301: added (unconfirmed).",
  });
  ev("s301_forced_labor", "2026-06-05", "PROPOSED", "fr-2026-11296", "USTR proposed +10% / +12.5% duties on 60 economies; comments due 2026-07-06, hearings from 2026-07-07.");
  ev("s301_forced_labor", "2026-07-24", "EFFECTIVE", "bl-tariff-rate-tracker", "Reported in force from 2026-07-24 by The Budget Lab tracker (final action treated as law); no final FR notice in our sources: low confidence.");

  // --- Section 338 Canada ------------------------------------------------------------
  measures.push({
    ...base,
    id: "s338_canada",
    authority: "S338",
    name: "Section 338 duties on Canada (alcohol, dairy, motor vehicles), reported",
    ch99Headings: [],
    rate: 0.5,
    countries: ["CA"],
    products: [],
    sourceId: "bl-tariff-rate-tracker",
    confidence: "low",
    notes: "Reported (Budget Lab tracker configuration only): three proclamations signed 2026-07-20 imposing +50% on HTS8 lists of alcohol, dairy and \"motor vehicles\" from Canada, effective 2026-08-19. No official text and no product list were obtained, so the product scope is left empty (unknown) rather than guessed.",
  });
  ev("s338_canada", "2026-07-20", "FINAL", "bl-tariff-rate-tracker", "Proclamations reported signed 2026-07-20 (unconfirmed).", { rate: 0.5 });
  ev("s338_canada", "2026-08-19", "EFFECTIVE", "bl-tariff-rate-tracker", "Reported start 2026-08-19 (unconfirmed).", { rate: 0.5 });

  for (const m of measures) if (m.products.length === 0 && m.id !== "s338_canada") warnings.push(`${m.id}: no products in our categories`);
  measures.sort((a, b) => (a.id < b.id ? -1 : 1));
  events.sort((a, b) => (a.id < b.id ? -1 : 1));
  return { measures, events };
}

// ---------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** One row per line: small diffs, deterministic bytes. */
function writeRows(name: string, rows: unknown[]) {
  const body = rows.map((r) => JSON.stringify(sortKeys(r))).join(",\n");
  writeFileSync(path.join(outDir, name), `[\n${body}\n]\n`);
}

function main() {
  const { categories, groups, schedule, originShares, measures, events, warnings } = build();
  const usedSources = new Set([
    ...measures.map((m) => m.sourceId),
    ...events.map((e) => e.sourceId),
    ...[...categories, ...groups].flatMap((c) => [c.retailMarginSourceId ?? "", c.importShareSourceId ?? ""]),
    ...originShares.map((o) => o.sourceId),
    HTS_SOURCE,
  ]);
  for (const id of usedSources) if (id && !SOURCES.some((s) => s.id === id)) throw new Error(`source ${id} is cited but not defined`);
  const sources = [...SOURCES].sort((a, b) => (a.id < b.id ? -1 : 1));

  mkdirSync(outDir, { recursive: true });
  writeRows("sources.json", sources);
  writeRows("measures.json", measures);
  writeRows("events.json", events);
  writeRows("categories.json", categories);
  writeRows("hs-groups.json", groups);
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
      revision: HTS_REVISION.label,
      date: HTS_REVISION.date,
      sourceId: HTS_SOURCE,
      lines8: schedule.lines.filter((l) => l.digits.length === 8).length,
      lines10: schedule.lines.filter((l) => l.digits.length === 10).length,
    },
    measuresVersion: "2026-07-25",
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
    ],
  };
  writeFileSync(path.join(outDir, "meta.json"), `${JSON.stringify(meta, null, 2)}\n`);

  console.log(`categories ${categories.length}, HS groups ${groups.length}, HTS lines ${schedule.lines.length} (${schedule.rows.length} schedule rows), measures ${measures.length}, events ${events.length}, sources ${sources.length}, origin shares ${originShares.length}`);
  for (const w of warnings) console.warn(`warning: ${w}`);
}

main();
