import {
  daysLeftInTrial,
  dueFollowUps,
  followUpDueAt,
  nextFollowUp,
  type FollowUpType,
  type ScheduledTrial,
} from "@/lib/trials/followups";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const START = new Date("2026-11-01T09:30:00.000Z");
const END = new Date(START.getTime() + 7 * DAY);

const trial = (over: Partial<ScheduledTrial> = {}): ScheduledTrial => ({ startDate: START, endDate: END, isActive: true, hasConverted: false, ...over });
const at = (days: number, hours = 0) => new Date(START.getTime() + days * DAY + hours * HOUR);
const sent = (...types: FollowUpType[]) => types.map((emailType) => ({ emailType }));

describe("followUpDueAt", () => {
  it("puts day 2 and day 5 that long after the start and day 7 24 hours before the end", () => {
    expect(followUpDueAt(trial(), "day2").toISOString()).toBe("2026-11-03T09:30:00.000Z");
    expect(followUpDueAt(trial(), "day5").toISOString()).toBe("2026-11-06T09:30:00.000Z");
    expect(followUpDueAt(trial(), "day7").toISOString()).toBe("2026-11-07T09:30:00.000Z");
  });
});

describe("dueFollowUps", () => {
  it.each<[string, ScheduledTrial, { emailType: string }[], Date, FollowUpType[]]>([
    ["nothing on the day the trial starts", trial(), sent(), at(0), []],
    ["nothing one minute before day 2", trial(), sent(), new Date(at(2).getTime() - 60_000), []],
    ["day 2 exactly at 48 hours", trial(), sent(), at(2), ["day2"]],
    ["day 2 later that day", trial(), sent(), at(2, 13), ["day2"]],
    ["day 2 still, late, on day 4", trial(), sent(), at(4, 23), ["day2"]],
    ["nothing once day 2 went out", trial(), sent("day2"), at(3), []],
    ["day 5 at 120 hours", trial(), sent("day2"), at(5), ["day5"]],
    ["only day 5 when day 2 was missed (scheduler down): day 2 is skipped", trial(), sent(), at(5, 1), ["day5"]],
    ["nothing after day 5 went out, before day 7", trial(), sent("day2", "day5"), at(5, 23), []],
    ["day 7 in the last 24 hours", trial(), sent("day2", "day5"), at(6), ["day7"]],
    ["only day 7 when everything was missed", trial(), sent(), at(6, 12), ["day7"]],
    ["day 7 when day 5 was missed", trial(), sent("day2"), at(6, 1), ["day7"]],
    ["nothing once day 7 went out", trial(), sent("day2", "day5", "day7"), at(6, 2), []],
    ["never an earlier one after a later one (day 5 sent, day 2 not)", trial(), sent("day5"), at(5, 3), []],
    ["nothing at the end", trial(), sent("day2", "day5"), at(7), []],
    ["nothing after the end, even if never sent", trial(), sent(), at(8), []],
    ["nothing for a converted trial", trial({ hasConverted: true }), sent("day2"), at(5), []],
    ["nothing for a converted trial on day 2", trial({ hasConverted: true }), sent(), at(2), []],
    ["nothing for an inactive trial", trial({ isActive: false }), sent(), at(2), []],
    ["unknown sent types are ignored", trial(), [{ emailType: "manual" }], at(2), ["day2"]],
  ])("%s", (_name, t, already, now, expected) => {
    expect(dueFollowUps(t, already, now)).toEqual(expected);
  });

  it("gives each type exactly once over a whole trial checked every hour", () => {
    const given: FollowUpType[] = [];
    for (let hour = 0; hour <= 8 * 24; hour += 1) {
      for (const type of dueFollowUps(trial(), sent(...given), at(0, hour))) given.push(type);
    }
    expect(given).toEqual(["day2", "day5", "day7"]);
  });

  it("gives only day 7 to a trial first checked on its last day", () => {
    const given: FollowUpType[] = [];
    for (let hour = 6 * 24 + 5; hour <= 8 * 24; hour += 1) {
      for (const type of dueFollowUps(trial(), sent(...given), at(0, hour))) given.push(type);
    }
    expect(given).toEqual(["day7"]);
  });
});

describe("nextFollowUp", () => {
  it.each<[string, ScheduledTrial, { emailType: string }[], Date, { emailType: FollowUpType; dueAt: Date } | null]>([
    ["day 2 ahead on day 0", trial(), sent(), at(0, 1), { emailType: "day2", dueAt: at(2) }],
    ["day 2 due now", trial(), sent(), at(3), { emailType: "day2", dueAt: at(2) }],
    ["day 5 ahead after day 2", trial(), sent("day2"), at(3), { emailType: "day5", dueAt: at(5) }],
    ["day 7 ahead after day 5", trial(), sent("day2", "day5"), at(5, 2), { emailType: "day7", dueAt: at(6) }],
    ["nothing after day 7", trial(), sent("day2", "day5", "day7"), at(6, 2), null],
    ["nothing for a converted trial", trial({ hasConverted: true }), sent(), at(1), null],
    ["nothing after the end", trial(), sent(), at(7, 1), null],
  ])("%s", (_name, t, already, now, expected) => {
    expect(nextFollowUp(t, already, now)).toEqual(expected);
  });
});

describe("daysLeftInTrial", () => {
  it.each([
    [at(0), 7],
    [at(2), 5],
    [at(4, 12), 3],
    [at(5), 2],
    [at(6), 1],
    [at(6, 23), 1],
    [at(9), 1],
  ])("at %p: %p", (now, days) => {
    expect(daysLeftInTrial(trial(), now)).toBe(days);
  });
});
