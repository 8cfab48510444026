/**
 * The documented duty cases (docs/tariffs.md "Duty cases"): fixed dates for every measure,
 * before, in force and after, each tier and exemption, with the legal basis and the expected
 * total. Run through GET /api/v1/duty against the seeded database by
 * tests/integration/duty-api.test.ts; the table in docs/tariffs.md lists the same rows.
 */
import type { HtsLine } from "@/lib/tariffs/types";

export type DutyCase = {
  id: string;
  hts: string;
  origin: string;
  date: string;
  /** Expected total (fraction), or null when unknown. */
  total: number | null;
  /** When the total is unknown because of a fact about the article: the range. */
  range?: { low: number; high: number };
  /** Measures expected among the lines. */
  applies?: string[];
  /** Measures expected not among the lines. */
  absent?: string[];
  /** De minimis available on the day (checked when given). */
  deMinimis?: boolean;
  /** The legal basis of the expected total, in words. */
  basis: string;
};

/** HTS lines the cases use that the 44-category tables may not hold yet: HTS 2026 Rev 10 rates. */
export const FIXTURE_LINES: Omit<HtsLine, "ch99Refs" | "units">[] = [
  { code: "0406.10.64.00", digits: "0406106400", description: "Described in additional U.S. note 22 to chapter 4", descriptionPath: "Cheese and curd > Fresh cheese", generalRateText: "10%", generalAdValorem: 0.1, categoryId: "beef" },
  { code: "0402.10.05.00", digits: "0402100500", description: "Described in general note 15", descriptionPath: "Milk and cream, concentrated > In powder", generalRateText: "3.3¢/kg", generalAdValorem: null, categoryId: "beef" },
  { code: "8701.21.00", digits: "87012100", description: "With only compression-ignition internal combustion piston engine (diesel or semi-diesel)", descriptionPath: "Tractors > Road tractors for semi-trailers", generalRateText: "4%", generalAdValorem: 0.04, categoryId: "auto_parts" },
  { code: "8702.10.31.00", digits: "8702103100", description: "Designed for the transport of 16 or more persons, including the driver", descriptionPath: "Motor vehicles for the transport of ten or more persons", generalRateText: "2%", generalAdValorem: 0.02, categoryId: "auto_parts" },
  { code: "8806.22.00.00", digits: "8806220000", description: "With maximum take-off weight more than 250 g but not more than 7 kg", descriptionPath: "Unmanned aircraft > Other, for remote-controlled flight only", generalRateText: "Free", generalAdValorem: 0, categoryId: "toys" },
  { code: "8806.24.00.00", digits: "8806240000", description: "With maximum take-off weight more than 25 kg but not more than 150 kg", descriptionPath: "Unmanned aircraft > Other, for remote-controlled flight only", generalRateText: "Free", generalAdValorem: 0, categoryId: "toys" },
  { code: "6810.99.00.20", digits: "6810990020", description: "In slabs of rectangular shape, with a length of 3 m or more", descriptionPath: "Articles of cement, of concrete or of artificial stone > Other", generalRateText: "Free", generalAdValorem: 0, categoryId: "ceramic_tableware" },
  { code: "7020.00.60.00", digits: "7020006000", description: "Other", descriptionPath: "Other articles of glass", generalRateText: "5%", generalAdValorem: 0.05, categoryId: "glassware" },
  { code: "8716.39.00.90", digits: "8716390090", description: "Other", descriptionPath: "Trailers and semi-trailers > Other trailers for the transport of goods", generalRateText: "Free", generalAdValorem: 0, categoryId: "auto_parts" },
  { code: "7408.11.60.00", digits: "7408116000", description: "With a maximum cross-sectional dimension over 6 mm but not over 9.5 mm", descriptionPath: "Copper wire > Of refined copper", generalRateText: "3%", generalAdValorem: 0.03, categoryId: "steel_cookware" },
];

export const DUTY_CASES: DutyCase[] = [
  { id: "china-301-before", hts: "6403.99.60", origin: "CN", date: "2018-07-01", total: 0.085, absent: ["s301_china_list4a"], basis: "Men's leather shoes from China before List 4A: the general rate only (8.5%)." },
  { id: "china-301-4a-15", hts: "6403.99.60", origin: "CN", date: "2019-09-15", total: 0.235, applies: ["s301_china_list4a"], basis: "List 4A +15% from 2019-09-01 (FR 2019-17865): 8.5% + 15%." },
  { id: "china-301-4a-7.5", hts: "6403.99.60", origin: "CN", date: "2020-03-01", total: 0.16, applies: ["s301_china_list4a"], basis: "List 4A cut to 7.5% from 2020-02-14 (FR 2020-00904): 8.5% + 7.5%." },
  { id: "china-301-list3-cabinet-step", hts: "9403.40.90.60", origin: "CN", date: "2027-01-01", total: 0.75, applies: ["s232_kitchen_cabinets_vanities", "s301_china_list3"], absent: ["s301_forced_labor"], basis: "Chinese kitchen cabinets on 2027-01-01: Section 232 50% (step-up, proclamation of 2025-12-31) + List 3 25%; forced-labor 301 excluded for Section 232 goods (note 52(f))." },
  { id: "ieepa-before", hts: "6109.10.00", origin: "VN", date: "2025-04-04", total: 0.165, absent: ["ieepa_reciprocal"], basis: "Cotton T-shirt from Vietnam the day before the reciprocal tariff: 16.5%." },
  { id: "ieepa-baseline", hts: "6109.10.00", origin: "VN", date: "2025-04-10", total: 0.265, applies: ["ieepa_reciprocal"], basis: "10% baseline from 2025-04-05 (EO 14257): 16.5% + 10%." },
  { id: "ieepa-country-rate", hts: "6109.10.00", origin: "VN", date: "2025-08-10", total: 0.365, applies: ["ieepa_reciprocal"], basis: "Vietnam +20% from 2025-08-07 (EO 14326): 16.5% + 20%." },
  { id: "ieepa-struck-down-s122", hts: "6109.10.00", origin: "VN", date: "2026-02-24", total: 0.265, applies: ["s122_surcharge"], absent: ["ieepa_reciprocal"], basis: "IEEPA collection stopped 2026-02-24 (Learning Resources v. Trump); Section 122 10% from the same day: 16.5% + 10%." },
  { id: "ieepa-eu-floor", hts: "6403.99.60", origin: "DE", date: "2025-09-01", total: 0.15, applies: ["ieepa_reciprocal"], basis: "EU 15% all-in from 2025-08-07: 8.5% MFN + 6.5%." },
  { id: "ieepa-eu-floor-above", hts: "6404.11.90", origin: "DE", date: "2025-09-01", total: 0.2, applies: ["ieepa_reciprocal"], basis: "EU floor when the general rate (20%) is above 15%: no additional duty." },
  { id: "ieepa-brazil-coffee-before-exemption", hts: "0901.21.00", origin: "BR", date: "2025-09-15", total: 0.5, applies: ["ieepa_reciprocal"], basis: "Brazilian coffee in September 2025: 10% reciprocal + 40% EO 14323 = 50%; the agricultural exemption came only on 2025-11-13." },
  { id: "ieepa-brazil-coffee-exempt", hts: "0901.21.00", origin: "BR", date: "2025-11-20", total: 0.0, absent: ["ieepa_reciprocal"], basis: "Agricultural products out of the reciprocal tariff and Brazil's 40% from 2025-11-13 (orders of 2025-11-14 and 2025-11-20): 0%." },
  { id: "ieepa-switzerland-39", hts: "6109.10.00", origin: "CH", date: "2025-09-01", total: 0.555, applies: ["ieepa_reciprocal"], basis: "Switzerland +39% from 2025-08-07: 16.5% + 39%." },
  { id: "ieepa-switzerland-floor", hts: "6109.10.00", origin: "CH", date: "2025-12-01", total: 0.165, basis: "Switzerland 15% all-in from 2025-11-14 (FR 2025-23316): the 16.5% general rate is above it." },
  { id: "ieepa-india-50", hts: "6109.10.00", origin: "IN", date: "2025-09-01", total: 0.665, applies: ["ieepa_reciprocal"], basis: "India 25% + 25% Russia-oil order from 2025-08-27 (FR 2025-16419): 16.5% + 50%." },
  { id: "ieepa-not-on-232-car", hts: "8703.23.01", origin: "JP", date: "2025-10-01", total: 0.15, applies: ["s232_autos"], absent: ["ieepa_reciprocal"], basis: "Japanese car: Section 232 15% all-in from 2025-09-16 (FR 2025-17908); the reciprocal tariff does not apply to Section 232 goods: 15%, not 27.5%." },
  { id: "ieepa-not-on-232-car-before-deal", hts: "8703.23.01", origin: "JP", date: "2025-08-10", total: 0.275, applies: ["s232_autos"], absent: ["ieepa_reciprocal"], basis: "Japanese car before the deal: 2.5% + Section 232 25%; no reciprocal tariff on top." },
  { id: "ieepa-not-on-232-sofa", hts: "9401.61.40.11", origin: "VN", date: "2025-11-01", total: 0.25, applies: ["s232_upholstered_wood_furniture"], absent: ["ieepa_reciprocal"], basis: "Vietnamese sofa: Section 232 25% (Proclamation 10976); no reciprocal 20% on top: 25%, not 45%." },
  { id: "no-phantom-relief", hts: "9401.61.40.11", origin: "VN", date: "2026-02-25", total: 0.25, applies: ["s232_upholstered_wood_furniture"], absent: ["s122_surcharge"], basis: "The same sofa after the IEEPA ruling: still 25% (Section 122 does not apply to Section 232 goods either): no relief on 2026-02-24." },
  { id: "fentanyl-china", hts: "6403.99.60", origin: "CN", date: "2025-03-10", total: 0.36, applies: ["ieepa_fentanyl", "s301_china_list4a"], basis: "China fentanyl +20% from 2025-03-04 (FR 2025-03775) + List 4A 7.5% + 8.5%." },
  { id: "fentanyl-mexico", hts: "6109.10.00", origin: "MX", date: "2025-03-10", total: 0.415, applies: ["ieepa_fentanyl"], basis: "Mexico fentanyl +25% from 2025-03-04 (FR 2025-03665); USMCA goods exempt if claimed (shown, not assumed)." },
  { id: "fentanyl-canada-35", hts: "6109.10.00", origin: "CA", date: "2025-08-05", total: 0.515, applies: ["ieepa_fentanyl"], basis: "Canada fentanyl raised to 35% from 2025-08-01 (FR 2025-14999)." },
  { id: "s122-in-force", hts: "6403.99.60", origin: "VN", date: "2026-03-01", total: 0.185, applies: ["s122_surcharge"], basis: "Section 122 10% on all countries from 2026-02-24 (FR 2026-03824): 8.5% + 10%." },
  { id: "s122-last-day", hts: "6403.99.60", origin: "VN", date: "2026-07-23", total: 0.185, applies: ["s122_surcharge"], absent: ["s301_forced_labor"], basis: "2026-07-23, the last of Section 122's 150 days; the forced-labor duty starts the next day." },
  { id: "s122-exempt-coffee", hts: "0901.21.00", origin: "VN", date: "2026-03-01", total: 0.0, absent: ["s122_surcharge"], basis: "Coffee is on the Section 122 exemption list: 0%." },
  { id: "fl-vietnam", hts: "6403.99.60", origin: "VN", date: "2026-07-24", total: 0.21, applies: ["s301_forced_labor"], absent: ["s122_surcharge"], basis: "Section 122 expired; forced-labor 301 +12.5% for Vietnam from 2026-07-24 (FR 2026-15181): 8.5% + 12.5%." },
  { id: "fl-india-10", hts: "6109.10.00", origin: "IN", date: "2026-08-01", total: 0.265, applies: ["s301_forced_labor"], basis: "India is in the 10% tier of the final action (not the proposal's 12.5%): 16.5% + 10%." },
  { id: "fl-eu-floor", hts: "6403.99.60", origin: "DE", date: "2026-08-01", total: 0.1, applies: ["s301_forced_labor"], basis: "EU 10% all-in (note 52(k)): 8.5% MFN + 1.5%." },
  { id: "fl-eu-floor-above", hts: "6404.11.90", origin: "DE", date: "2026-08-01", total: 0.2, applies: ["s301_forced_labor"], basis: "EU 10% all-in when the general rate is 20%: no additional duty." },
  { id: "fl-japan-floor", hts: "6403.99.60", origin: "JP", date: "2026-08-01", total: 0.125, applies: ["s301_forced_labor"], basis: "Japan 12.5% all-in (note 52(k)): 8.5% + 4%." },
  { id: "fl-taiwan-floor-above", hts: "6109.10.00", origin: "TW", date: "2026-08-01", total: 0.165, applies: ["s301_forced_labor"], basis: "Taiwan 10% all-in: the 16.5% general rate is above it." },
  { id: "fl-honduras-10", hts: "6109.10.00", origin: "HN", date: "2026-08-01", total: 0.265, applies: ["s301_forced_labor"], basis: "Honduras, missing from the proposal's tables, is in the 10% tier; CAFTA-DR textile claims shown, not assumed." },
  { id: "fl-turkiye-12.5", hts: "6403.99.60", origin: "TR", date: "2026-08-01", total: 0.21, applies: ["s301_forced_labor"], basis: "Türkiye +12.5% (9903.05.79)." },
  { id: "fl-australia-12.5", hts: "6403.99.60", origin: "AU", date: "2026-08-01", total: 0.21, applies: ["s301_forced_labor"], basis: "Australia +12.5%." },
  { id: "fl-china-stacks-301", hts: "6403.99.60", origin: "CN", date: "2026-08-01", total: 0.285, applies: ["s301_forced_labor", "s301_china_list4a"], basis: "China: List 4A 7.5% and forced-labor 12.5% stack (note 52(a)): 8.5% + 7.5% + 12.5%." },
  { id: "fl-part-a-coffee", hts: "0901.21.00", origin: "CO", date: "2026-08-01", total: 0.0, absent: ["s301_forced_labor"], basis: "Coffee is on Annex II Part A (exempt for every economy): 0%." },
  { id: "fl-not-on-232", hts: "8703.23.01", origin: "KR", date: "2026-08-01", total: 0.15, applies: ["s232_autos"], absent: ["s301_forced_labor"], basis: "Korean car: Section 232 15% all-in; forced-labor excluded for Section 232 goods (note 52(f))." },
  { id: "fl-uk-annex-whisky", hts: "2208.30.30", origin: "GB", date: "2026-08-01", total: 0.0, absent: ["s301_forced_labor"], basis: "Scotch whisky is on the UK's Annex II list (note 52(j)(1)): 0%." },
  { id: "fl-eu-whisky", hts: "2208.30.30", origin: "IE", date: "2026-08-01", total: 0.1, applies: ["s301_forced_labor"], basis: "Irish whiskey (Free) pays the EU 10% all-in." },
  { id: "brazil-before", hts: "6403.99.60", origin: "BR", date: "2026-07-21", total: 0.185, applies: ["s122_surcharge"], absent: ["s301_brazil"], basis: "The day before Brazil's Section 301: Section 122 10% + 8.5%." },
  { id: "brazil-first-day", hts: "6403.99.60", origin: "BR", date: "2026-07-22", total: 0.435, applies: ["s301_brazil", "s122_surcharge"], basis: "Brazil +25% from 2026-07-22 (FR 2026-14542), with Section 122 until 2026-07-23." },
  { id: "brazil-and-fl", hts: "6403.99.60", origin: "BR", date: "2026-08-01", total: 0.46, applies: ["s301_brazil", "s301_forced_labor"], basis: "Brazil 25% and forced-labor 12.5% stack (note 50(a)): 8.5% + 25% + 12.5%." },
  { id: "brazil-coffee-exempt", hts: "0901.21.00", origin: "BR", date: "2026-08-01", total: 0.0, absent: ["s301_brazil", "s301_forced_labor"], basis: "Coffee on the note 50 exemption list and Annex II Part A: 0%." },
  { id: "brazil-not-on-232", hts: "8703.23.01", origin: "BR", date: "2026-08-01", total: 0.275, applies: ["s232_autos"], absent: ["s301_brazil", "s301_forced_labor"], basis: "A Brazilian car pays Section 232 25% + 2.5%; Brazil and forced-labor 301 excluded (notes 50(a)(vi), 52(f))." },
  { id: "per-unit-unknown", hts: "0201.30.50", origin: "AU", date: "2026-11-27", total: null, basis: "Beef pays 4.4¢/kg: the total is unknown without the weight and value (shown as unknown, never 0)." },
  { id: "per-unit-unknown-338-dairy", hts: "0402.10.05.00", origin: "CA", date: "2026-09-01", total: null, applies: ["s338_canada_dairy"], basis: "Canadian milk powder: Section 338 +50% and forced-labor 10%, but the general rate is 3.3¢/kg: total unknown." },
  { id: "s338-before", hts: "2208.30.30", origin: "CA", date: "2026-08-21", total: 0.1, applies: ["s301_forced_labor"], absent: ["s338_canada_alcohol"], basis: "Canadian whisky the day before Section 338 (start moved from 2026-08-19 to 2026-08-22 by Proclamation 11056): forced-labor 10% only." },
  { id: "s338-alcohol", hts: "2208.30.30", origin: "CA", date: "2026-08-22", total: 0.6, applies: ["s338_canada_alcohol", "s301_forced_labor"], basis: "Section 338 +50% on the alcohol list from 2026-08-22 (Proclamation 11046, HTS Rev 17), regardless of USMCA." },
  { id: "s338-cheese-before-expansion", hts: "0406.10.64.00", origin: "CA", date: "2026-09-14", total: 0.2, absent: ["s338_canada_alcohol_expanded"], basis: "Canadian cheese before the 2026-09-15 expansion: 10% + forced-labor 10%." },
  { id: "s338-cheese-expanded", hts: "0406.10.64.00", origin: "CA", date: "2026-09-15", total: 0.7, applies: ["s338_canada_alcohol_expanded"], basis: "Cheese added to note 51(b)(1) from 2026-09-15 (Proclamation 11064, HTS Rev 19): + 50%." },
  { id: "s338-lamps-before-expansion", hts: "9405.21.40", origin: "CA", date: "2026-09-14", total: 0.137, absent: ["s338_canada_other_expanded"], basis: "Canadian table lamp of brass before 2026-09-15: 3.7% + forced-labor 10%." },
  { id: "s338-lamps-expanded", hts: "9405.21.40", origin: "CA", date: "2026-09-15", total: 0.637, applies: ["s338_canada_other_expanded"], basis: "Lamps added to note 51(b)(3) from 2026-09-15 (Proclamation 11065): + 50%." },
  { id: "s338-furniture-original-list", hts: "9403.60.80", origin: "CA", date: "2026-08-22", total: 0.6, applies: ["s338_canada_other"], basis: "Wooden furniture 9403.60.80 was on the original 'motor vehicles' list: 50% + forced-labor 10%." },
  { id: "s338-232-excluded-before", hts: "8703.21.01", origin: "CA", date: "2026-09-14", total: 0.275, applies: ["s232_autos"], absent: ["s338_canada_other_expanded"], basis: "A small Canadian car before 2026-09-15: Section 232 25% + 2.5%, not on a 338 list." },
  { id: "s338-stacks-on-232", hts: "8703.21.01", origin: "CA", date: "2026-09-15", total: 0.775, applies: ["s232_autos", "s338_canada_other_expanded"], basis: "From 2026-09-15 the car is on the expanded list and note 51(c) no longer excludes Section 232 goods (only dairy): 2.5% + 25% + 50%." },
  { id: "s338-gn6-shown", hts: "9405.11.60", origin: "CA", date: "2026-09-20", total: 0.676, applies: ["s338_canada_other_expanded", "s301_forced_labor"], basis: "Lamps: the civil-aircraft exemption (note 51(d)) is shown, not assumed: 7.6% + 50% + 10%." },
  { id: "metals-content-unknown", hts: "8450.11.00", origin: "TH", date: "2026-03-01", total: null, range: { low: 0.114, high: 0.514 }, applies: ["s232_steel_aluminum"], basis: "A Thai washing machine in March 2026: the steel derivative duty (50%) is charged on the metal's value only, which is unknown: 11.4% (Section 122 instead) to 51.4%." },
  { id: "metals-annex-1b", hts: "8450.11.00", origin: "TH", date: "2026-11-27", total: 0.264, applies: ["s232_metals_annex_1b"], basis: "From 2026-04-06 Annex I-B: 25% of full value (the 15%-of-weight test shown as a caveat): 1.4% + 25%." },
  { id: "copper-content-unknown", hts: "7408.11.60.00", origin: "CL", date: "2025-09-01", total: null, range: { low: 0.13, high: 0.53 }, applies: ["s232_copper"], basis: "Copper wire from Chile: 50% on the copper content (unknown share) from 2025-08-01." },
  { id: "copper-annex-1a", hts: "7408.11.60.00", origin: "CL", date: "2026-05-01", total: 0.53, applies: ["s232_metals_annex_1a"], basis: "Copper wire on Annex I-A from 2026-04-06: 50% of full value + 3%." },
  { id: "autos-eu-before-deal", hts: "8703.23.01", origin: "DE", date: "2025-07-15", total: 0.275, applies: ["s232_autos"], basis: "German car before the EU deal: 2.5% + 25%." },
  { id: "autos-eu-deal", hts: "8703.23.01", origin: "DE", date: "2025-08-05", total: 0.15, applies: ["s232_autos"], basis: "EU 15% all-in from 2025-08-01 (FR 2025-18660)." },
  { id: "autos-uk-quota", hts: "8703.23.01", origin: "GB", date: "2025-07-01", total: 0.1, applies: ["s232_autos"], basis: "UK within the quota: +7.5% from 2025-06-30: 10% all-in." },
  { id: "auto-parts-japan-before", hts: "8708.30.50", origin: "JP", date: "2025-09-15", total: 0.275, applies: ["s232_auto_parts"], basis: "Japanese brake parts the day before the Japan deal: 2.5% + 25%." },
  { id: "auto-parts-japan-deal", hts: "8708.30.50", origin: "JP", date: "2025-10-01", total: 0.15, applies: ["s232_auto_parts"], basis: "Japan 15% all-in from 2025-09-16." },
  { id: "tires-korea", hts: "4011.10.10", origin: "KR", date: "2025-11-05", total: 0.15, applies: ["s232_auto_parts"], basis: "Korean car tires: auto parts 15% all-in from 2025-11-01 (FR 2025-21940)." },
  { id: "trucks-before", hts: "8701.21.00", origin: "DE", date: "2025-10-31", total: null, range: { low: 0.15, high: 0.54 }, applies: ["s232_steel_aluminum"], absent: ["s232_mhd_trucks"], basis: "A German road tractor the day before the truck duty: reciprocal 15% all-in, or the steel-content duty (unknown share)." },
  { id: "trucks-in-force", hts: "8701.21.00", origin: "DE", date: "2025-11-01", total: 0.29, applies: ["s232_mhd_trucks"], absent: ["s232_steel_aluminum", "ieepa_reciprocal"], basis: "Medium and heavy-duty trucks 25% from 2025-11-01 (Proclamation 10984); the metals duties yield to it: 4% + 25%." },
  { id: "buses", hts: "8702.10.31.00", origin: "DE", date: "2025-11-01", total: 0.12, applies: ["s232_buses"], basis: "Buses 10% from 2025-11-01: 2% + 10%." },
  { id: "lumber-canada", hts: "4407.11.00", origin: "CA", date: "2025-10-14", total: 0.45, applies: ["s232_softwood_lumber", "ieepa_fentanyl"], basis: "Canadian pine lumber: Section 232 10% from 2025-10-14 + Canada fentanyl 35% (USMCA claim shown, not assumed)." },
  { id: "furniture-step-before", hts: "9401.61.40.11", origin: "VN", date: "2026-12-31", total: 0.25, applies: ["s232_upholstered_wood_furniture"], basis: "Vietnamese sofa on 2026-12-31: 25%." },
  { id: "furniture-step-up", hts: "9401.61.40.11", origin: "VN", date: "2027-01-01", total: 0.3, applies: ["s232_upholstered_wood_furniture"], basis: "Upholstered furniture 25% -> 30% on 2027-01-01 (proclamation of 2025-12-31)." },
  { id: "furniture-step-uk-keeps-deal", hts: "9401.61.40.11", origin: "GB", date: "2027-01-01", total: 0.1, applies: ["s232_upholstered_wood_furniture"], basis: "The UK keeps +10% (9903.76.20): countries with a deal are outside the step-up." },
  { id: "furniture-step-eu-keeps-deal", hts: "9401.61.40.11", origin: "DE", date: "2027-01-01", total: 0.15, applies: ["s232_upholstered_wood_furniture"], basis: "The EU keeps 15% all-in (9903.76.22)." },
  { id: "cabinets-today", hts: "9403.40.90.60", origin: "VN", date: "2026-11-27", total: 0.25, applies: ["s232_kitchen_cabinets_vanities"], absent: ["s301_forced_labor"], basis: "Kitchen cabinets from Vietnam: 25% today." },
  { id: "cabinets-other-furniture-unknown", hts: "9403.60.80.93", origin: "VN", date: "2026-11-27", total: null, range: { low: 0.125, high: 0.25 }, applies: ["s232_kitchen_cabinets_vanities"], basis: "9403.60.80.93 'other' wooden furniture: 25% only if it is a completed cabinet or vanity (9903.76.03), else forced-labor 12.5% (9903.76.04 applies): unknown, 12.5% to 25%." },
  { id: "semiconductors-before", hts: "8471.50.01.50", origin: "CN", date: "2026-01-14", total: 0.35, applies: ["s301_china_list3", "ieepa_fentanyl"], absent: ["s232_semiconductors"], basis: "Chinese processing units the day before the semiconductor duty: List 3 25% + fentanyl 10%." },
  { id: "semiconductors", hts: "8471.50.01.50", origin: "CN", date: "2026-01-15", total: 0.6, applies: ["s232_semiconductors", "s301_china_list3"], basis: "Section 232 semiconductors 25% from 2026-01-15 (FR 2026-01052); end-use exemptions shown, not assumed." },
  { id: "pharma-before", hts: "3004.31.00.00", origin: "CN", date: "2026-09-28", total: 0.0, absent: ["s232_pharmaceuticals"], basis: "Insulin from China before 2026-09-29: exempt from forced-labor (Part A): 0%." },
  { id: "pharma-patented-unknown", hts: "3004.31.00.00", origin: "CN", date: "2026-09-29", total: null, range: { low: 0.0, high: 1.0 }, applies: ["s232_pharmaceuticals"], basis: "From 2026-09-29 patented pharmaceuticals pay 100% in total (Proclamation 11020), generics nothing: unknown, 0% to 100%." },
  { id: "pharma-eu-15", hts: "3004.31.00.00", origin: "DE", date: "2026-10-01", total: null, range: { low: 0.0, high: 0.15 }, applies: ["s232_pharmaceuticals"], basis: "EU patented pharmaceuticals 15% in total (9903.04.62): 0% to 15%." },
  { id: "pharma-uk-0", hts: "3004.31.00.00", origin: "GB", date: "2026-10-01", total: 0.0, applies: ["s232_pharmaceuticals"], basis: "UK +0% (9903.04.63, cut from 10% with effect from 2026-07-31, FR 2026-15799): 0% either way." },
  { id: "drones-before", hts: "8806.22.00.00", origin: "CN", date: "2026-09-02", total: 0.375, applies: ["s301_china_list1", "s301_forced_labor"], absent: ["s232_drones"], basis: "A Chinese camera drone the day before the drone duty: List 1 25% + forced-labor 12.5%." },
  { id: "drones", hts: "8806.22.00.00", origin: "CN", date: "2026-09-03", total: 0.625, applies: ["s232_drones", "s301_china_list1", "s301_forced_labor"], basis: "Drones +25% from 2026-09-03 (Proclamation 11055); forced-labor still applies (drones are not on note 52(f)): 25% + 25% + 12.5%." },
  { id: "drones-large", hts: "8806.24.00.00", origin: "VN", date: "2026-09-03", total: 1.125, applies: ["s232_drones_large", "s301_forced_labor"], basis: "Drones over 25 kg +100% (9903.08.21) + Vietnam 12.5%." },
  { id: "quartz-before", hts: "6810.99.00.20", origin: "VN", date: "2026-08-14", total: 0.125, applies: ["s301_forced_labor"], absent: ["s201_quartz"], basis: "Vietnamese quartz slab the day before the safeguard: forced-labor 12.5%." },
  { id: "quartz", hts: "6810.99.00.20", origin: "VN", date: "2026-08-15", total: 0.375, applies: ["s201_quartz", "s301_forced_labor"], basis: "Section 201 quartz safeguard from 2026-08-15 (Proclamation 11051): in-quota 25% counted (over-quota 50% shown) + 12.5%." },
  { id: "quartz-exempt-mexico", hts: "6810.99.00.20", origin: "MX", date: "2026-08-15", total: 0.1, applies: ["s301_forced_labor"], absent: ["s201_quartz"], basis: "Mexico is exempt from the safeguard (note 41(c)): forced-labor 10% only (USMCA claim shown)." },
  { id: "quartz-year-2", hts: "6810.99.00.20", origin: "IN", date: "2027-08-15", total: 0.33, applies: ["s201_quartz"], basis: "Year 2 in-quota rate 23% from 2027-08-15 + India 10%." },
  { id: "maritime-before", hts: "8716.39.00.90", origin: "CN", date: "2026-11-09", total: 0.5, applies: ["s301_china_list3", "s232_metals_annex_1b"], absent: ["s301_china_maritime"], basis: "Chinese trailer chassis on 2026-11-09, while the maritime action is suspended: List 3 25% + Annex I-B 25%." },
  { id: "maritime-chassis", hts: "8716.39.00.90", origin: "CN", date: "2026-11-10", total: null, range: { low: 0.5, high: 1.5 }, applies: ["s301_china_maritime"], basis: "From 2026-11-10 (end of the suspension, FR 2025-19873) intermodal chassis pay +100% more: unknown whether the article is a chassis, 50% to 150%." },
  { id: "nicaragua-2026", hts: "6109.10.00", origin: "NI", date: "2026-12-31", total: 0.29, applies: ["s301_nicaragua", "s301_forced_labor"], basis: "Nicaragua Section 301 at 0% in 2026 (FR 2025-22690) + forced-labor 12.5%." },
  { id: "nicaragua-2027", hts: "6109.10.00", origin: "NI", date: "2027-01-01", total: 0.39, applies: ["s301_nicaragua"], basis: "Nicaragua +10% from 2027-01-01 on goods not originating under CAFTA-DR (claim shown, not assumed)." },
  { id: "column-2", hts: "6109.10.00", origin: "RU", date: "2026-11-27", total: null, basis: "Russia is a column 2 country: its rates are not modelled (unknown)." },
  { id: "de-minimis-before", hts: "6403.99.60", origin: "VN", date: "2025-08-28", total: 0.285, applies: ["ieepa_reciprocal"], deMinimis: true, basis: "The day before de minimis ended: an order under $800 could still enter duty-free (the 28.5% applied to larger ones)." },
  { id: "de-minimis-ended", hts: "6403.99.60", origin: "VN", date: "2025-08-29", total: 0.285, applies: ["ieepa_reciprocal"], deMinimis: false, basis: "From 2025-08-29 (EO 14324) no duty-free entry under $800: a shopper's overseas order pays the 28.5%." },
];
