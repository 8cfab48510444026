import { readFileSync } from "node:fs";
import path from "node:path";
import { citesHeading, describeCh99Change, describeLineChange, describeStatistical, diffRevisions } from "@/lib/tariffs/hts-diff";
import { currentRelease, releaseInfo } from "@/lib/tariffs/hts-import";
import { ch99HeadingsFromExport, linesFromSchedule, scheduleRowsFromExport, type UsitcRecord } from "@/lib/tariffs/hts-schedule";

// The two-revision fixture in USITC's export format (tests/fixtures/usitc/README.md).
const revision = (name: string) => {
  const records = JSON.parse(readFileSync(path.join(__dirname, "..", "fixtures", "usitc", `${name}.json`), "utf8")) as UsitcRecord[];
  return { lines: linesFromSchedule(scheduleRowsFromExport(records)), ch99: ch99HeadingsFromExport(records) };
};
const rev10 = revision("2026HTSRev10");
const rev11 = revision("2026HTSRev11");
const diff = diffRevisions(rev10, rev11);
const lineChange = (code: string) => diff.lines.find((c) => c.code === code);

describe("diffRevisions: rate lines (HTS8)", () => {
  it("finds a changed general rate, with the HTS8's new lines carrying the new rate", () => {
    const c = lineChange("6403.99.60");
    expect(c).toMatchObject({ change: "changed", fields: ["general"], before: { generalRateText: "8.5%", generalAdValorem: 0.085 }, after: { generalRateText: "10%", generalAdValorem: 0.1 } });
    expect(c?.lines.map((l) => l.code)).toContain("6403.99.60.75");
    expect(c?.lines.every((l) => l.generalRateText === "10%")).toBe(true);
    expect(describeLineChange(c!)).toBe("6403.99.60: general rate 8.5% → 10%");
  });

  it("finds an added and a removed HTS8, each with its statistical lines", () => {
    const added = lineChange("6403.99.95");
    expect(added).toMatchObject({ change: "added", before: null, after: { generalRateText: "12%", ch99Refs: ["9903.41.10", "9903.88.15"] } });
    expect(added?.lines.map((l) => l.code)).toEqual(["6403.99.95", "6403.99.95.00"]);
    const removed = lineChange("6403.99.75");
    expect(removed).toMatchObject({ change: "removed", after: null, before: { generalRateText: "7%" }, lines: [] });
    expect(removed?.previousCodes).toEqual(["6403.99.75", "6403.99.75.15", "6403.99.75.30", "6403.99.75.60", "6403.99.75.90"]);
    expect(describeLineChange(removed!)).toBe("6403.99.75 removed (was 7%): Valued not over $2.50/pair");
  });

  it("leaves unchanged rate lines out, and puts statistical-only changes in one list", () => {
    expect(diff.lines.map((c) => c.code)).toEqual(["6403.99.60", "6403.99.75", "6403.99.95"]);
    expect(diff.statistical.added.map((l) => l.code)).toEqual(["8516.71.00.70"]);
    expect(diff.statistical.removed).toEqual([]);
    expect(diff.statistical.changed).toEqual([
      expect.objectContaining({ code: "8516.71.00.40", fields: ["description"], before: expect.objectContaining({ description: "Percolator" }), after: expect.objectContaining({ description: "Percolators", generalRateText: "3.7%" }) }),
    ]);
    expect(describeStatistical(diff.statistical)).toBe("statistical changes, rates unchanged: 1 line added, 1 with a new description, path or units");
  });
});

describe("diffRevisions: Chapter 99 headings", () => {
  it("finds a changed additional rate and an added heading, with the + N% read from the general column", () => {
    expect(diff.ch99.map((c) => [c.heading, c.change])).toEqual([
      ["9903.05.01", "added"],
      ["9903.88.15", "changed"],
    ]);
    const list4a = diff.ch99.find((c) => c.heading === "9903.88.15")!;
    expect(list4a).toMatchObject({ fields: ["generalText"], additionalBefore: 0.075, additionalAfter: 0.15 });
    expect(describeCh99Change(list4a)).toBe("9903.88.15: + 7.5% → + 15%");
    expect(describeCh99Change(diff.ch99[0]!)).toBe("9903.05.01 added (+ 25%)");
  });

  it("says a revision against itself changed nothing", () => {
    expect(diffRevisions(rev10, rev10)).toEqual({ lines: [], ch99: [], statistical: { added: [], removed: [], changed: [] } });
  });

  it("matches a measure's headings and ranges to a heading", () => {
    expect(citesHeading(["9903.88.15"], "9903.88.15")).toBe(true);
    expect(citesHeading(["9903.05.20-9903.05.84"], "9903.05.41")).toBe(true);
    expect(citesHeading(["9903.05.20-9903.05.84"], "9903.05.01")).toBe(false);
  });
});

describe("USITC's release list", () => {
  it("names a release as the product does, with its start date", () => {
    expect(releaseInfo({ name: "2026HTSRev10", releaseStartDate: "06/08/2026" })).toEqual({ id: "2026_rev_10", name: "2026HTSRev10", title: "HTS 2026 Revision 10", date: "2026-06-08" });
    expect(releaseInfo({ name: "2027HTSBasic", releaseStartDate: "01/01/2027" })).toMatchObject({ id: "2027_basic", title: "HTS 2027 Basic Edition" });
    expect(releaseInfo({ name: "Draft", releaseStartDate: "01/01/2027" })).toBeNull();
    expect(releaseInfo({ name: "2026HTSRev10", releaseStartDate: null })).toBeNull();
  });

  it("takes the release marked current, else the newest", () => {
    const list = [
      { name: "2026HTSRev11", releaseStartDate: "07/01/2026", status: "archived" },
      { name: "2026HTSRev10", releaseStartDate: "06/08/2026", status: "current" },
    ];
    expect(currentRelease(list)?.id).toBe("2026_rev_10");
    expect(currentRelease(list.map((r) => ({ ...r, status: null })))?.id).toBe("2026_rev_11");
    expect(currentRelease([])).toBeNull();
  });
});
