import { POST as startTrialCall } from "@/app/api/free-trial/route";
import { startTrial } from "@/lib/trials/trials";
import { setupTestDatabase } from "../helpers/test-database";
import { newClientIp, postRequest, readJson } from "../helpers/requests";

const db = setupTestDatabase();
const valid = { firstName: "Ana", lastName: "Lopez", email: "Ana.Lopez@Example.com" };

describe("POST /api/free-trial", () => {
  it("starts a 7-day trial and records the trial welcome email", async () => {
    const before = Date.now();
    const response = await startTrialCall(postRequest("/api/free-trial", valid));
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body.message).toMatch(/7-day free trial/);

    const trial = await db.prisma.freeTrial.findUniqueOrThrow({ where: { email: "ana.lopez@example.com" } });
    expect(trial).toMatchObject({ firstName: "Ana", lastName: "Lopez", isActive: true, hasConverted: false });
    expect(trial.startDate.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(trial.endDate.getTime() - trial.startDate.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    expect(body.trial).toMatchObject({ email: "ana.lopez@example.com", endDate: trial.endDate.toISOString() });

    const [email] = await db.prisma.sentEmail.findMany();
    expect(email).toMatchObject({ template: "trial-welcome", recipient: "ana.lopez@example.com", status: "logged" });
    expect(email?.text.toLowerCase()).toContain("welcome, ana!");
  });

  it("refuses a second trial for the same email with 409 and a clear message", async () => {
    expect((await startTrialCall(postRequest("/api/free-trial", valid))).status).toBe(201);
    const again = await startTrialCall(postRequest("/api/free-trial", { ...valid, email: "ANA.LOPEZ@example.com " }));
    expect(again.status).toBe(409);
    expect((await readJson(again)).message).toMatch(/already been started with this email/);
    expect(await db.prisma.freeTrial.count()).toBe(1);
    expect(await db.prisma.sentEmail.count()).toBe(1);
  });

  it("gives one message per field for bad input and stores nothing", async () => {
    const response = await startTrialCall(postRequest("/api/free-trial", { firstName: "A", lastName: 7, email: "x" }));
    expect(response.status).toBe(400);
    expect((await readJson(response)).errors).toEqual({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
      email: "Please enter a valid email address",
    });
    expect(await db.prisma.freeTrial.count()).toBe(0);
  });

  it.each([
    ["malformed JSON", "not json", 400],
    ["an array", "[]", 400],
    ["oversized names", JSON.stringify({ ...valid, firstName: "x".repeat(5000) }), 400],
    ["an oversized body", JSON.stringify({ ...valid, pad: "x".repeat(17_000) }), 413],
  ])("refuses %s with a 4xx", async (_name, raw, status) => {
    const response = await startTrialCall(postRequest("/api/free-trial", raw));
    expect(response.status).toBe(status);
    expect(typeof (await readJson(response)).message).toBe("string");
    expect(await db.prisma.freeTrial.count()).toBe(0);
  });

  it("leaves exactly one trial and one email when twenty signups race", async () => {
    const ip = newClientIp();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => startTrialCall(postRequest("/api/free-trial", valid, { ip }))),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await db.prisma.freeTrial.count()).toBe(1);
    expect(await db.prisma.sentEmail.count()).toBe(1);
  });
});

describe("startTrial", () => {
  it("uses the injected clock for start and end", async () => {
    const now = new Date("2026-03-01T09:00:00.000Z");
    const result = await startTrial(
      db.prisma,
      { firstName: "Bo", lastName: "Chen", email: "bo@example.com" },
      { now, siteUrl: "https://tariffwatch.example", logger: { info: () => undefined } },
    );
    expect(result.status).toBe("started");
    if (result.status !== "started") return;
    expect(result.trial.startDate.toISOString()).toBe("2026-03-01T09:00:00.000Z");
    expect(result.trial.endDate.toISOString()).toBe("2026-03-08T09:00:00.000Z");
    const email = await db.prisma.sentEmail.findFirstOrThrow();
    expect(email.text).toContain("Sunday, March 8, 2026");
    // Its first step is the watchlist, where a sign-in lands too (docs/accounts.md).
    expect(email.html).toContain("https://tariffwatch.example/watchlist");
  });
});
