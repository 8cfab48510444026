import {
  classifyCategory,
  classifyImpact,
  computeAlerts,
  cpiCategoryRule,
  cpiHeadlineRule,
  cpiOneMonthRule,
  inferDocumentType,
  ppiRule,
  staleDataRule,
  tariffDocumentRule,
  THRESHOLDS,
  type NewsFigure,
  type SeriesFigure,
} from "@/lib/economy/rules";
import { loadShippedSnapshot } from "@/lib/economy/snapshot";

const fetchedAt = new Date("2026-06-11T12:00:00Z");

function figure(over: Partial<SeriesFigure>): SeriesFigure {
  return {
    seriesId: "CUUR0000SETB",
    survey: "CPI",
    label: "Motor fuel",
    role: "category",
    period: "2026-05",
    value: 399.294,
    change12mo: 40.9,
    change12moBasis: "computed",
    changeOneMonth: 8.4,
    preliminary: false,
    origin: "snapshot",
    sourceUrl: "https://www.bls.gov/news.release/cpi.t01.htm",
    fetchedAt,
    ...over,
  };
}

function doc(over: Partial<NewsFigure>): NewsFigure {
  return {
    documentNumber: "2025-05930",
    title: "Proclamation 10908 - Adjusting Imports of Automobiles and Automobile Parts Into the United States",
    description: "Proclamation of March 26, 2025 that uses Section 232 to adjust imports of passenger vehicles. More text.",
    documentType: "Presidential Document",
    publishedAt: new Date("2025-04-03T00:00:00Z"),
    impact: "high",
    url: "https://www.govinfo.gov/content/pkg/FR-2025-04-03/html/2025-05930.htm",
    origin: "snapshot",
    sourceUrl: "https://www.govinfo.gov/content/pkg/FR-2025-04-03/html/2025-05930.htm",
    fetchedAt,
    ...over,
  };
}

describe("cpi-headline-12mo", () => {
  const headline = (change: number) => figure({ seriesId: "CUUR0000SA0", label: "All items", role: "headline", change12mo: change, changeOneMonth: 0.6 });

  it.each([
    [4.2, "high"],
    [4.0, "high"],
    [3.9, "medium"],
    [3.0, "medium"],
    [2.9, null],
    [-1, null],
  ])("%s%% over 12 months -> %s", (change, severity) => {
    expect(cpiHeadlineRule(headline(change))?.severity ?? null).toBe(severity);
  });

  it("names the months and the figure", () => {
    const alert = cpiHeadlineRule(headline(4.2));
    expect(alert).toMatchObject({ ruleId: "cpi-headline-12mo", subjectKey: "CUUR0000SA0", period: "2026-05", title: "Consumer prices up 4.2% over 12 months" });
    expect(alert?.message).toContain("from May 2025 to May 2026");
  });

  it("only judges changes computed from index levels", () => {
    expect(cpiHeadlineRule({ ...headline(5), change12moBasis: "published" })).toBeNull();
  });
});

describe("cpi-category-12mo", () => {
  it.each([
    [40.9, "high"],
    [10.0, "high"],
    [9.9, "medium"],
    [5.0, "medium"],
    [4.9, null],
  ])("%s%% -> %s", (change, severity) => {
    expect(cpiCategoryRule(figure({ change12mo: change }))?.severity ?? null).toBe(severity);
  });

  it("leaves special aggregates and the headline to their own rules", () => {
    expect(cpiCategoryRule(figure({ role: "aggregate", change12mo: 30 }))).toBeNull();
    expect(cpiCategoryRule(figure({ role: "headline", change12mo: 30 }))).toBeNull();
  });

  it("raises nothing without a figure", () => {
    expect(cpiCategoryRule(figure({ change12mo: null, change12moBasis: null }))).toBeNull();
  });
});

describe("cpi-one-month", () => {
  it.each([
    [8.4, "high"],
    [5.0, "high"],
    [4.9, "medium"],
    [2.0, "medium"],
    [1.9, null],
    [-6, null],
    [null, null],
  ])("%s%% in one month -> %s", (change, severity) => {
    expect(cpiOneMonthRule(figure({ changeOneMonth: change }))?.severity ?? null).toBe(severity);
  });

  it("says the change is unadjusted and names both months", () => {
    expect(cpiOneMonthRule(figure({}))?.message).toBe("CPI-U motor fuel rose 8.4% from April 2026 to May 2026 (not seasonally adjusted).");
  });
});

describe("ppi-12mo", () => {
  const ppi = (over: Partial<SeriesFigure>) =>
    figure({ survey: "PPI", seriesId: "WPUFD4121", label: "Finished consumer energy goods", value: null, change12mo: 30, change12moBasis: "published", changeOneMonth: null, preliminary: true, ...over });

  it("grades the headline and consumer-facing lines", () => {
    expect(ppiRule(ppi({}))?.severity).toBe("high");
    expect(ppiRule(ppi({ role: "headline", label: "Final demand", change12mo: 6.5 }))?.severity).toBe("medium");
    expect(ppiRule(ppi({ change12mo: 4.9 }))).toBeNull();
    expect(ppiRule(ppi({ role: "aggregate", change12mo: 72.3 }))).toBeNull();
  });

  it("says when the change is the one BLS printed and that it is preliminary", () => {
    const message = ppiRule(ppi({}))?.message ?? "";
    expect(message).toContain("as published by BLS");
    expect(message).toContain("preliminary");
    expect(ppiRule(ppi({ change12moBasis: "computed", preliminary: false }))?.message).toContain("computed from BLS index levels");
  });
});

describe("tariff-document", () => {
  const now = new Date("2025-04-20T00:00:00Z");

  it("is high for 30 days after publication, medium to 90 days, then gone", () => {
    expect(tariffDocumentRule(doc({ publishedAt: new Date("2025-04-03T00:00:00Z") }), now)?.severity).toBe("high");
    expect(tariffDocumentRule(doc({ publishedAt: new Date("2025-03-21T00:00:00Z") }), now)?.severity).toBe("high");
    expect(tariffDocumentRule(doc({ publishedAt: new Date("2025-03-01T00:00:00Z") }), now)?.severity).toBe("medium");
    expect(tariffDocumentRule(doc({ publishedAt: new Date("2025-01-10T00:00:00Z") }), now)).toBeNull();
  });

  it("only for documents of high impact, and not for ones dated in the future", () => {
    expect(tariffDocumentRule(doc({ impact: "medium" }), now)).toBeNull();
    expect(tariffDocumentRule(doc({ publishedAt: new Date("2025-05-20T00:00:00Z") }), now)).toBeNull();
  });

  it("links the document and says what it is", () => {
    const alert = tariffDocumentRule(doc({}), now);
    expect(alert).toMatchObject({ subjectKey: "2025-05930", period: "2025-04-03", sourceUrl: "https://www.govinfo.gov/content/pkg/FR-2025-04-03/html/2025-05930.htm" });
    expect(alert?.title).toMatch(/^New tariff action: Proclamation 10908/);
    expect(alert?.message).toBe(
      "Presidential Document published in the Federal Register on 2025-04-03. Proclamation of March 26, 2025 that uses Section 232 to adjust imports of passenger vehicles.",
    );
  });
});

describe("stale-data", () => {
  const headline = figure({ seriesId: "CUUR0000SA0", label: "All items", role: "headline" });

  it("is low once the newest CPI month is more than two months old", () => {
    expect(staleDataRule(headline, new Date("2026-07-15T00:00:00Z"))).toBeNull();
    expect(staleDataRule(headline, new Date("2026-08-01T00:00:00Z"))).toMatchObject({ severity: "low", title: "Economic figures are from May 2026" });
    expect(THRESHOLDS.staleAfterMonths).toBe(2);
  });
});

describe("computeAlerts", () => {
  it("orders the most severe first, the largest change first within a severity", () => {
    const alerts = computeAlerts({
      series: [
        figure({ seriesId: "A", label: "Food", change12mo: 6, changeOneMonth: 0.1 }),
        figure({ seriesId: "B", label: "Fuel oil", change12mo: 58.9, changeOneMonth: 0.4 }),
        figure({ seriesId: "C", label: "Motor fuel", change12mo: 40.9, changeOneMonth: 8.4 }),
      ],
      news: [],
      now: new Date("2026-06-15T00:00:00Z"),
    });
    expect(alerts.map((a) => [a.severity, a.subjectKey, a.ruleId])).toEqual([
      ["high", "B", "cpi-category-12mo"],
      ["high", "C", "cpi-category-12mo"],
      ["high", "C", "cpi-one-month"],
      ["medium", "A", "cpi-category-12mo"],
    ]);
  });

  it("raises nothing when prices are calm and the data is current", () => {
    expect(computeAlerts({ series: [figure({ change12mo: 1.2, changeOneMonth: 0.1 })], news: [doc({ impact: "low" })], now: new Date("2026-06-15T00:00:00Z") })).toEqual([]);
  });
});

describe("news impact and category", () => {
  it("classifies by document type and tariff terms", () => {
    expect(classifyImpact({ documentType: "Presidential Document", title: "Adjusting Imports of Copper Into the United States", description: "" })).toBe("high");
    expect(classifyImpact({ documentType: "Rule", title: "Section 232 Steel and Aluminum Tariff Inclusions Process", description: "" })).toBe("high");
    expect(classifyImpact({ documentType: "Rule", title: "Export Administration Regulations: Technical Corrections", description: "" })).toBe("medium");
    expect(classifyImpact({ documentType: "Proposed Rule", title: "Changes to customs procedures", description: "" })).toBe("medium");
    expect(classifyImpact({ documentType: "Notice", title: "Section 301 Investigation; Request for Comments", description: "" })).toBe("medium");
    expect(classifyImpact({ documentType: "Notice", title: "Sunshine Act Meetings", description: "" })).toBe("low");
    expect(classifyImpact({ documentType: "Data Release", title: "Consumer Price Index - September 2025", description: "tariffs" })).toBe("low");
  });

  it("does not read 'Heavy-Duty' as a duty", () => {
    expect(classifyImpact({ documentType: "Notice", title: "Medium- and Heavy-Duty Vehicle Emissions", description: "" })).toBe("low");
  });

  it("agrees with the snapshot's own categories for all 17 documents, and rates them as documented", () => {
    const { news } = loadShippedSnapshot();
    expect(news).toHaveLength(17);
    const rated = news.map((n) => {
      const documentType = inferDocumentType(n);
      expect([n.documentNumber, classifyCategory({ documentType, title: n.title, description: n.description })]).toEqual([n.documentNumber, n.category]);
      return [n.documentNumber, documentType, classifyImpact({ documentType, title: n.title, description: n.description })];
    });
    const byImpact = (impact: string) => rated.filter((r) => r[2] === impact).map((r) => r[0]);
    expect(byImpact("medium")).toEqual(["2025-04060"]); // the timber investigation's request for comments
    expect(byImpact("low")).toEqual(["USDL 25-1355", "USDL-25-1502", "USDL 25-1518"]); // BLS releases
    expect(byImpact("high")).toHaveLength(13); // proclamations, executive orders, the two inclusion rules, the copper message
    expect(rated.find((r) => r[0] === "2025-07676")?.[1]).toBe("Rule");
    expect(rated.find((r) => r[0] === "H. Doc. 119-82")?.[1]).toBe("Presidential Document");
  });
});
