/**
 * @jest-environment jsdom
 */
import { render } from "@testing-library/react";
import { SourceChecked } from "@/components/dashboard/source-checked";
import { datasetFreshness, formatDayUtc, freshnessText, originText, sourceStatus, sourceStatusText } from "@/lib/economy/freshness";

/** Freshness said plainly (docs/economy.md, "Freshness"): the period, the fetch, and one state per status line. */
describe("what a block of figures says about itself", () => {
  it("names the month it describes and when it was fetched", () => {
    expect(freshnessText({ label: "CPI", period: "2026-05", releasedOn: "2026-06-10", origin: "bls-api", fetchedAt: "2026-11-20T06:12:00Z" })).toBe(
      "CPI for May 2026 (released Jun 10, 2026), fetched Nov 20, 2026 from the BLS API",
    );
    expect(datasetFreshness("PPI", { asOf: "2026-04", releasedOn: null, origin: "bls-api", fetchedAt: "2026-11-20T06:12:00Z" })).toBe(
      "PPI for April 2026, fetched Nov 20, 2026 from the BLS API",
    );
  });

  it("never says 'fetched' of figures that came with the site's snapshot", () => {
    const text = freshnessText({ label: "CPI", period: "2026-05", releasedOn: "2026-06-10", origin: "snapshot", fetchedAt: new Date("2026-11-21T01:00:00Z") });
    expect(text).toBe("CPI for May 2026 (released Jun 10, 2026), from the offline snapshot shipped with the site, stored Nov 21, 2026");
    expect(text).not.toMatch(/fetched|live/i);
    expect(originText("mixed", "2026-11-20T00:00:00Z")).toBe("fetched up to Nov 20, 2026 from the BLS API, some lines from the offline snapshot shipped with the site");
    expect(originText("federal-register", null)).toBe("from the Federal Register API");
  });

  it("says so when nothing is stored, and writes calendar days in UTC", () => {
    expect(freshnessText({ label: "PPI", period: null, origin: "none", fetchedAt: null })).toBe("No PPI figures stored yet");
    expect(formatDayUtc("2026-11-20T23:59:00-05:00")).toBe("Nov 21, 2026");
    expect(formatDayUtc("not a date")).toBe("not a date");
  });
});

describe("a source's status line has one state", () => {
  const at = (iso: string) => iso.slice(0, 16).replace("T", " ");
  const cases = [
    [{ lastCheckedAt: null, lastAttemptAt: null, lastAttemptOk: null }, "never", "BLS not checked yet: these are the figures of the offline snapshot shipped with the site"],
    [
      { lastCheckedAt: null, lastAttemptAt: "2026-11-27T10:00:00Z", lastAttemptOk: false },
      "unreached",
      "BLS not reached yet: the latest check, 2026-11-27 10:00, got no answer; these are the figures of the offline snapshot shipped with the site",
    ],
    [
      { lastCheckedAt: "2026-11-26T10:00:00Z", lastAttemptAt: "2026-11-27T10:00:00Z", lastAttemptOk: false },
      "stale",
      "BLS last reached 2026-11-26 10:00; the latest check, 2026-11-27 10:00, got no answer, so the figures are the ones fetched then",
    ],
    [{ lastCheckedAt: "2026-11-27T10:00:00Z", lastAttemptAt: "2026-11-27T10:00:00Z", lastAttemptOk: true }, "ok", "BLS last checked 2026-11-27 10:00"],
  ] as const;

  it.each(cases)("%j is %s", (check, state, text) => {
    const status = sourceStatus(check);
    expect(status.state).toBe(state);
    expect(sourceStatusText("BLS", status, at)).toBe(text);
  });

  it("never puts 'not checked yet' beside 'got no answer'", () => {
    for (const [check] of cases) {
      const text = sourceStatusText("BLS", sourceStatus(check), at);
      expect(text.includes("not checked yet") && text.includes("got no answer")).toBe(false);
    }
  });

  it("the page marks each moment up as a time", () => {
    const { container } = render(<SourceChecked check={cases[2][0]} source="BLS" testId="bls" />);
    const times = [...container.querySelectorAll("time")].map((t) => t.getAttribute("datetime"));
    expect(times).toEqual(["2026-11-26T10:00:00Z", "2026-11-27T10:00:00Z"]);
    expect(container.textContent).toMatch(/^BLS last reached .+; the latest check, .+, got no answer, so the figures are the ones fetched then$/);
  });
});
