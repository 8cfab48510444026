import countdownFile from "@/data/alerts/countdown.json";
import { COUNTDOWN, dueLead, lifecycleText } from "@/lib/alerts/countdown";
import { correctionOf } from "@/lib/alerts/corrections";
import type { SourceDocument, TariffMeasure } from "@/lib/tariffs/types";

describe("countdown lead times (data/alerts/countdown.json)", () => {
  it("are 30, 7 and 0 days, validated", () => {
    expect(COUNTDOWN.leadDays).toEqual([30, 7, 0]);
    expect(countdownFile.lateDays).toBe(2);
  });

  it.each([
    [31, null],
    [30, 30],
    [8, 30],
    [7, 7],
    [1, 7],
    [0, 0],
    [-2, 0],
    [-3, null],
  ])("%i days before the change: lead %p due", (days, lead) => {
    expect(dueLead(days)).toBe(lead);
  });
});

describe("lifecycle state", () => {
  const sources = new Map<string, SourceDocument>([
    ["p", { id: "p", kind: "PROCLAMATION", title: "Proclamation", citation: null, url: "https://www.whitehouse.gov/x", publisher: "The White House", publishedAt: "2025-12-31" }],
  ]);
  const measure = { id: "m", ch99Headings: ["9903.76.02"] } as TariffMeasure;
  const events = [
    { id: "final", measureId: "m", date: "2025-12-31", type: "FINAL" as const, sourceId: "p", note: "" },
    { id: "step", measureId: "m", date: "2027-01-01", type: "RATE_CHANGE" as const, rate: 0.3, sourceId: "p", note: "" },
  ];
  it("says where the event stands and where it is printed", () => {
    expect(lifecycleText({ events: [events[1]!], first: "2027-01-01" }, { events, sources, measures: [measure] }, "2026-12-02")).toBe(
      "in force from 2027-01-01 (proclamation signed 2025-12-31; in the HTS under 9903.76.02)",
    );
  });
});

describe("what a correction says", () => {
  const before = { id: "e", measureId: "m", date: "2027-01-01", type: "RATE_CHANGE", rate: 0.3, country: null };
  it("names a postponement, a new rate and a withdrawal", () => {
    expect(correctionOf(before, { date: "2027-02-01", rate: 0.3 }, "Furniture").headline).toBe("postponed to Feb 1, 2027: Furniture");
    expect(correctionOf(before, { date: "2026-12-15", rate: 0.3 }, "Furniture").what).toContain("brought forward from 2027-01-01 to 2026-12-15");
    expect(correctionOf(before, { date: "2027-01-01", rate: 0.35 }, "Furniture").what).toContain("rate changed from 30% to 35%");
    expect(correctionOf(before, null, "Furniture")).toMatchObject({ state: "withdrawn", headline: "withdrawn: Furniture on Jan 1, 2027" });
  });
});
