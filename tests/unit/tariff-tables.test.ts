import { measureStatusOn } from "@/lib/tariffs/status";
import { allHtsLines, consumerCategories, curatedCategories, hsGroups, hsPceMap, isIsoDay, measureEvents, originShares, tablesMeta, tariffMeasures, tariffSources, validateTables } from "@/lib/tariffs/tables";
import { marginScope } from "@/lib/tariffs/hts-schedule";

const htsLines = allHtsLines();
const lineOf = (code: string) => {
  const l = htsLines.find((x) => x.code === code);
  if (!l) throw new Error(`no HTS line ${code}`);
  return l;
};
const categoryOf = (id: string) => {
  const c = consumerCategories.find((x) => x.id === id);
  if (!c) throw new Error(`no category ${id}`);
  return c;
};

const measure = (id: string) => {
  const m = tariffMeasures.find((x) => x.id === id);
  if (!m) throw new Error(`no measure ${id}`);
  return m;
};
const eventsOf = (id: string) => measureEvents.filter((e) => e.measureId === id);
const covers = (products: string[], excluded: string[], digits: string) =>
  products.some((p) => p === "*" || digits.startsWith(p)) && !excluded.some((p) => digits.startsWith(p));

describe("tariff tables: integrity", () => {
  it("pass the schema and cross-reference checks", () => {
    expect(validateTables()).toEqual([]);
  });

  it("have at least 40 curated categories, including the ones the product promises", () => {
    expect(curatedCategories.length).toBeGreaterThanOrEqual(40);
    expect(curatedCategories.every((c) => c.kind === "curated")).toBe(true);
    const ids = new Set(curatedCategories.map((c) => c.id));
    for (const id of [
      "footwear", "apparel_knit", "apparel_woven", "toys", "wood_furniture", "upholstered_wood_seats", "refrigerators",
      "washers_dryers", "televisions", "laptops_computers", "smartphones", "steel_cookware", "aluminum_cookware",
      "new_cars", "auto_parts", "tires", "bicycles_ebikes", "coffee", "wine",
    ]) {
      expect(ids).toContain(id);
    }
  });

  it("give every curated category HTS prefixes that match its lines, a reference line among them and a cited retail margin", () => {
    const codes = new Set(htsLines.map((l) => l.code));
    for (const c of curatedCategories) {
      expect(c.htsPrefixes.length).toBeGreaterThan(0);
      for (const p of c.htsPrefixes) expect(htsLines.some((l) => l.digits.startsWith(p) && l.categoryId === c.id)).toBe(true);
      expect(codes.has(c.referenceHts)).toBe(true);
      expect(c.retailMargin).toBeGreaterThan(0);
      expect(c.retailMargin).toBeLessThanOrEqual(1);
      expect(c.retailMarginSourceId).toBe("bea-pce-bridge");
      expect(c.pceLine?.length).toBeGreaterThan(0);
      if (c.cpiSeriesId !== null) expect(c.cpiSeriesId).toMatch(/^CUUR0000[A-Z0-9]+$/);
    }
  });

  it("cite only sources that exist, all over https", () => {
    const ids = new Set(tariffSources.map((s) => s.id));
    const cited = [
      ...tariffMeasures.map((m) => m.sourceId),
      ...measureEvents.map((e) => e.sourceId),
      ...consumerCategories.flatMap((c) => [c.retailMarginSourceId, c.importShareSourceId]).filter((x): x is string => x !== null),
      ...originShares.map((o) => o.sourceId),
    ];
    for (const id of cited) expect(ids).toContain(id);
    for (const s of tariffSources) {
      expect(s.url.startsWith("https://")).toBe(true);
      expect(isIsoDay(s.publishedAt)).toBe(true);
    }
    for (const id of [
      "hts-2026-rev-10", "census-imports-gtap-2024", "bea-pce-bridge", "bl-tariff-model-import-shares",
      "paper-cavallo-llamas-vazquez-2025", "fed-feds-note-2026-04-08", "paper-flaaen-hortacsu-tintelnot-2020",
      "paper-cavallo-gopinath-neiman-tang-2021", "scotus-learning-resources-2026", "fr-2026-03824", "fr-2026-11296",
    ]) {
      expect(ids).toContain(id);
    }
  });

  it("tie every event to a measure, on a valid day, with unique ids everywhere", () => {
    const measureIds = new Set(tariffMeasures.map((m) => m.id));
    for (const e of measureEvents) {
      expect(measureIds).toContain(e.measureId);
      expect(isIsoDay(e.date)).toBe(true);
    }
    for (const ids of [
      tariffSources.map((s) => s.id),
      tariffMeasures.map((m) => m.id),
      measureEvents.map((e) => e.id),
      consumerCategories.map((c) => c.id),
      htsLines.map((l) => l.code),
      originShares.map((o) => `${o.gtapSector}:${o.country}`),
    ]) {
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(isIsoDay("2026-02-30")).toBe(false);
  });

  it("keep MFN on the lines, not as a measure, and use ISO2 codes", () => {
    expect(tariffMeasures.some((m) => m.authority === "MFN")).toBe(false);
    for (const m of tariffMeasures) {
      if (m.countries !== "ALL") for (const c of m.countries) expect(c).toMatch(/^[A-Z]{2}$/);
      for (const o of m.countryOverrides) expect(o.country).toMatch(/^[A-Z]{2}$/);
    }
  });

  it("describe the data versions", () => {
    expect(tablesMeta).toMatchObject({ htsRelease: "2026_rev_10", htsPolicyEffective: "2026-06-08", measuresVersion: "2026-11-27", importYear: 2024 });
    expect(tablesMeta.builtFrom.length).toBeGreaterThan(0);
  });
});

describe("tariff tables: every product (HTS 2026 Rev 10, chapters 1-97)", () => {
  it("hold every 8- and 10-digit line of chapters 1-97, each with a category, and say which revision and date they are", () => {
    expect(tablesMeta.hts).toMatchObject({ release: "2026_rev_10", revision: "HTS 2026 Revision 10", date: "2026-06-08", sourceId: "hts-2026-rev-10" });
    expect(htsLines.length).toBe(tablesMeta.hts.lines8 + tablesMeta.hts.lines10);
    expect(htsLines.length).toBeGreaterThan(23_000);
    const chapters = new Set(htsLines.map((l) => l.digits.slice(0, 2)));
    for (let ch = 1; ch <= 97; ch++) if (ch !== 77) expect(chapters).toContain(String(ch).padStart(2, "0"));
    expect(chapters.has("98") || chapters.has("99")).toBe(false);
    const ids = new Set(consumerCategories.map((c) => c.id));
    for (const l of htsLines) expect(ids.has(l.categoryId)).toBe(true);
  });

  it("show an 'Other' line with its parents, its general rate (inherited by a statistical line), Chapter 99 references and units", () => {
    expect(lineOf("6403.99.60.75")).toMatchObject({
      description: "Other",
      generalRateText: "8.5%",
      generalAdValorem: 0.085,
      units: ["prs."],
      categoryId: "footwear",
    });
    expect(lineOf("6403.99.60.75").descriptionPath).toMatch(/^Footwear with outer soles .* > For men, youths and boys > Other > Other > For men$/);
    expect(lineOf("6403.99.60.75").ch99Refs).toEqual(["9903.41.10", "9903.88.15"]);
    // Specific and compound rates are kept as printed and stay unknown as fractions.
    expect(lineOf("2709.00.20")).toMatchObject({ generalRateText: "10.5¢/bbl", generalAdValorem: null });
    expect(lineOf("2709.00.20.10")).toMatchObject({ generalRateText: "10.5¢/bbl", generalAdValorem: null, units: ["bbl"] });
    expect(lineOf("8516.31.00.00")).toMatchObject({ generalRateText: "3.9%", generalAdValorem: 0.039, units: ["No."] });
  });

  it("keep the curated categories for their prefixes, and give every other line its HS group", () => {
    expect(lineOf("8516.71.00").categoryId).toBe("small_kitchen_appliances");
    expect(lineOf("0201.30.50").categoryId).toBe("beef");
    // A heading or subheading group where the PCE Bridge distinguishes, else the chapter's.
    expect(lineOf("8516.31.00.00").categoryId).toBe("hs_851631_851632");
    expect(lineOf("8471.60.20.00").categoryId).toBe("hs_8471");
    expect(lineOf("0203.12.10.10").categoryId).toBe("hs_0203");
    expect(lineOf("8501.10.20.00").categoryId).toBe("hs_85");
    const hairDryers = categoryOf("hs_851631_851632");
    expect(hairDryers).toMatchObject({ kind: "hs_subheading", pceLine: "140 Electric appliances for personal care", retailMargin: 0.5472, retailMarginSourceId: "bea-pce-bridge", gtapSector: "eeq" });
    expect(marginScope(hairDryers)).toBe("HS 8516.31, 8516.32 as a whole");
    expect(categoryOf("hs_8471")).toMatchObject({ kind: "hs_heading", retailMargin: 0.6036 });
    expect(marginScope(categoryOf("hs_8471"))).toBe("HS 8471 as a whole");
    expect(marginScope(categoryOf("footwear"))).toBeNull();
  });

  it("leave the retail margin unknown (null, with no PCE line or source) where no PCE line covers a household purchase", () => {
    const motors = categoryOf("hs_85");
    expect(motors).toMatchObject({ kind: "hs_chapter", pceLine: null, retailMargin: null, retailMarginSourceId: null, gtapSector: "eeq" });
    expect(marginScope(motors)).toBe("HS chapter 85 as a whole");
    // Every group has a GTAP sector with origin shares, and an import share where the sector has one.
    const sectors = new Set(originShares.map((o) => o.gtapSector));
    for (const g of hsGroups) {
      expect(g.kind).not.toBe("curated");
      expect(sectors).toContain(g.gtapSector);
      expect(g.cpiSeriesId).toBeNull();
    }
  });

  it("list the curated categories first, then the HS groups", () => {
    const firstGroup = consumerCategories.findIndex((c) => c.kind !== "curated");
    expect(firstGroup).toBe(curatedCategories.length);
    expect(consumerCategories.slice(firstGroup).every((c) => c.kind !== "curated")).toBe(true);
  });

  it("map every chapter 1-97 to PCE lines (or none) once, in the hand-written HS -> PCE file", () => {
    const prefixes = hsPceMap.entries.flatMap((e) => e.prefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (let ch = 1; ch <= 97; ch++) if (ch !== 77) expect(prefixes).toContain(String(ch).padStart(2, "0"));
    for (const e of hsPceMap.entries) {
      for (const p of e.prefixes) expect(p).toMatch(/^(\d{2}|\d{4}|\d{6})$/);
      for (const n of e.pceLines) expect(Number.isInteger(n)).toBe(true);
    }
    expect(hsPceMap.sourceIds.every((id) => tariffSources.some((s) => s.id === id))).toBe(true);
  });
});

describe("tariff tables: the research note's worked example (men's leather shoes)", () => {
  const line = htsLines.find((l) => l.code === "6403.99.60");

  it("has HTS 6403.99.60 at 8.5% MFN citing China 301 List 4A", () => {
    expect(line).toMatchObject({ generalAdValorem: 0.085, categoryId: "footwear" });
    expect(line?.ch99Refs).toContain("9903.88.15");
    const list4a = measure("s301_china_list4a");
    expect(measureStatusOn(list4a, measureEvents, "2026-01-01").rate).toBe(0.075);
    expect(list4a.ch99Headings).toEqual(["9903.88.15"]);
    expect(covers(list4a.products, list4a.excludedProducts, "64039960")).toBe(true);
  });

  it("has Section 122 at 10% in force through 2026-07-23 and expired on 2026-07-24", () => {
    const s122 = measure("s122_surcharge");
    expect(s122).toMatchObject({ rate: 0.1, countries: "ALL", notWith: ["S232"] });
    expect(covers(s122.products, s122.excludedProducts, "64039960")).toBe(true);
    const evs = eventsOf("s122_surcharge");
    expect(evs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "EFFECTIVE", date: "2026-02-24", sourceId: "fr-2026-03824" }),
        expect.objectContaining({ type: "EXPIRED", date: "2026-07-24" }),
      ]),
    );
  });

  it("has the forced-labor 301 final action of FR 2026-15181 in force from 2026-07-24 with its tiers", () => {
    const fl = measure("s301_forced_labor");
    expect(fl).toMatchObject({ confidence: "high", notWith: ["S232"], sourceId: "fr-2026-15181", ch99Headings: ["9903.05.20-9903.05.84"] });
    const rule = (c: string) => fl.countryOverrides.find((o) => o.country === c);
    // Flat tiers (note 52(a)): India 10%, not the proposal's 12.5%; Honduras, Jordan, Sri Lanka in the 10% tier.
    for (const c of ["IN", "HN", "JO", "LK", "GB", "CA", "MX"]) expect(rule(c)).toMatchObject({ rate: 0.1 });
    for (const c of ["CN", "VN", "BR", "TR", "PH", "SG", "CO", "PE", "CL", "CR", "NZ"]) expect(rule(c)).toMatchObject({ rate: 0.125 });
    // All-in floors (note 52(k)): EU-27 and Taiwan 10%, Japan, Korea, Switzerland 12.5%.
    for (const c of ["DE", "IT", "FR", "TW"]) expect(rule(c)).toMatchObject({ floor: 0.1 });
    for (const c of ["JP", "KR", "CH"]) expect(rule(c)).toMatchObject({ floor: 0.125 });
    expect(fl.countries === "ALL" ? 0 : fl.countries.length).toBe(86);
    expect(covers(fl.products, fl.excludedProducts, "64039960")).toBe(true);
    expect(covers(fl.products, fl.excludedProducts, "09012100")).toBe(false); // coffee: Annex II Part A
    const evs = eventsOf("s301_forced_labor");
    expect(evs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "PROPOSED", date: "2026-06-05", sourceId: "fr-2026-11296" }),
        expect.objectContaining({ type: "EFFECTIVE", date: "2026-07-24", sourceId: "fr-2026-15181" }),
      ]),
    );
  });

  it("has footwear's sector-level origin shares from the 2024 Census data", () => {
    const footwear = consumerCategories.find((c) => c.id === "footwear");
    expect(footwear).toMatchObject({ gtapSector: "lea", retailMargin: 0.355, cpiSeriesId: "CUUR0000SEAE" });
    const lea = originShares.filter((o) => o.gtapSector === "lea");
    const share = (c: string) => lea.find((o) => o.country === c)?.share ?? 0;
    expect(share("CN")).toBeCloseTo(0.32, 2);
    expect(share("VN")).toBeCloseTo(0.25, 2);
    expect(share("IT")).toBeCloseTo(0.09, 2);
    expect(share("ID")).toBeCloseTo(0.08, 2);
    expect(share("KH")).toBeCloseTo(0.07, 2);
    for (const o of lea) {
      expect(o.share).toBeGreaterThanOrEqual(0.005);
      expect(o).toMatchObject({ year: 2024, sourceId: "census-imports-gtap-2024" });
    }
    expect(lea.reduce((s, o) => s + o.share, 0)).toBeLessThanOrEqual(1);
  });
});

describe("tariff tables: legal status as dated events", () => {
  it("marks List 4B paused and the IEEPA tariffs struck down on 2026-02-24", () => {
    expect(eventsOf("s301_china_list4b").map((e) => e.type).sort()).toEqual(["FINAL", "PAUSED"]);
    for (const id of ["ieepa_reciprocal", "ieepa_fentanyl"]) {
      const evs = eventsOf(id);
      expect(evs).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: "COURT_RULING", date: "2026-02-20", sourceId: "scotus-learning-resources-2026" }),
          expect.objectContaining({ type: "STRUCK_DOWN", date: "2026-02-24" }),
        ]),
      );
    }
  });

  it("expands the EU to its 27 members and cites legal documents, never a tracker", () => {
    const autos = measure("s232_autos");
    const eu = autos.countryOverrides.filter((o) => o.floor === 0.15 && !["JP", "KR"].includes(o.country));
    expect(eu).toHaveLength(27);
    expect(eu.every((o) => o.from === "2025-08-01")).toBe(true);
    const legal = new Set(tariffSources.filter((s) => !["DATASET", "PAPER", "NEWS"].includes(s.kind)).map((s) => s.id));
    for (const m of tariffMeasures) expect(legal).toContain(m.sourceId);
    for (const e of measureEvents) expect(legal).toContain(e.sourceId);
  });
});

describe("tariff tables: legal facts pinned to their instruments", () => {
  const listed = (id: string) => measure(id).products.filter((p) => p.length === 8 || p.length === 10);
  const ratesOn = (id: string, date: string) => measureStatusOn(measure(id), measureEvents, date);

  it("Section 338 Canada: 63 / 52 / 439 codes from 2026-08-22 (PP 11046-11048), 101 and 513 from 2026-09-15 (PP 11064/11065)", () => {
    expect(listed("s338_canada_alcohol")).toHaveLength(63);
    expect(listed("s338_canada_dairy")).toHaveLength(52);
    expect(listed("s338_canada_other")).toHaveLength(439);
    expect(listed("s338_canada_alcohol_expanded")).toHaveLength(101);
    expect(listed("s338_canada_other_expanded")).toHaveLength(513);
    expect(ratesOn("s338_canada_alcohol", "2026-08-21").status).toBe("scheduled");
    expect(ratesOn("s338_canada_alcohol", "2026-08-22")).toMatchObject({ status: "in_force", rate: 0.5 });
    expect(ratesOn("s338_canada_alcohol", "2026-09-15").status).toBe("expired");
    // Note 51(c) after 2026-09-15: only the dairy heading yields to Section 232.
    expect(measure("s338_canada_dairy").notWith).toEqual(["S232"]);
    expect(measure("s338_canada_other_expanded").notWith).toEqual([]);
    expect(listed("s338_canada_other_expanded")).toEqual(expect.arrayContaining(["94036080", "94052140", "87032101"]));
  });

  it("Brazil 301: +25% from 2026-07-22 (FR 2026-14542), coffee, beef and orange juice exempt", () => {
    expect(ratesOn("s301_brazil", "2026-07-21").status).toBe("scheduled");
    expect(ratesOn("s301_brazil", "2026-07-22")).toMatchObject({ status: "in_force", rate: 0.25 });
    const m = measure("s301_brazil");
    for (const d of ["09012100", "02013030", "20091100", "20091225"]) expect(covers(m.products, m.excludedProducts, d)).toBe(false);
  });

  it("furniture step-ups on 2027-01-01 (proclamation of 2025-12-31): 25% -> 30% and 25% -> 50%, deal countries keep theirs", () => {
    expect(ratesOn("s232_upholstered_wood_furniture", "2026-12-31").rate).toBe(0.25);
    expect(ratesOn("s232_upholstered_wood_furniture", "2027-01-01").rate).toBe(0.3);
    expect(ratesOn("s232_kitchen_cabinets_vanities", "2027-01-01").rate).toBe(0.5);
    expect(measure("s232_kitchen_cabinets_vanities").countryOverrides.find((o) => o.country === "GB")).toMatchObject({ rate: 0.1 });
    // The cabinet rate on the "other furniture" line depends on the article.
    expect(measure("s232_kitchen_cabinets_vanities").conditions?.[0]).toMatchObject({ effect: "unknown", products: ["9403608093", "9403910080"] });
  });

  it("pharmaceuticals: 100% in total from 2026-09-29, 15% for the EU/JP/KR/CH/LI, UK +0% (FR 2026-15799)", () => {
    const m = measure("s232_pharmaceuticals");
    expect(m).toMatchObject({ rate: 1, rateBasis: "floor" });
    expect(ratesOn("s232_pharmaceuticals", "2026-09-28").status).toBe("scheduled");
    expect(ratesOn("s232_pharmaceuticals", "2026-09-29").status).toBe("in_force");
    expect(m.countryOverrides.find((o) => o.country === "GB")).toMatchObject({ rate: 0 });
    for (const c of ["DE", "JP", "KR", "CH", "LI"]) expect(m.countryOverrides.find((o) => o.country === c)).toMatchObject({ floor: 0.15 });
  });

  it("trucks and buses from 2025-11-01 (Proclamation 10984), drones from 2026-09-03 (Proclamation 11055), quartz from 2026-08-15 (Proclamation 11051)", () => {
    expect(ratesOn("s232_mhd_trucks", "2025-11-01")).toMatchObject({ status: "in_force", rate: 0.25 });
    expect(ratesOn("s232_buses", "2025-11-01")).toMatchObject({ status: "in_force", rate: 0.1 });
    expect(ratesOn("s232_drones", "2026-09-03")).toMatchObject({ status: "in_force", rate: 0.25 });
    expect(ratesOn("s232_drones_large", "2026-09-03")).toMatchObject({ status: "in_force", rate: 1 });
    expect(ratesOn("s201_quartz", "2026-08-15")).toMatchObject({ status: "in_force", rate: 0.25 });
    expect(ratesOn("s201_quartz", "2029-08-15").rate).toBe(0.19);
    expect(ratesOn("s201_quartz", "2030-08-15").status).toBe("expired");
    expect(measure("s201_quartz").excludedCountries).toHaveLength(124);
  });

  it("de minimis ended 2025-08-29 (EO 14324) and stays ended (EO 14388)", () => {
    expect(ratesOn("de_minimis_suspended", "2025-08-28").status).toBe("announced");
    expect(ratesOn("de_minimis_suspended", "2025-08-29").status).toBe("in_force");
    expect(ratesOn("de_minimis_suspended", "2026-11-27").status).toBe("in_force");
  });
});
