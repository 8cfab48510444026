import { readFileSync } from "node:fs";
import path from "node:path";
import { GET as dutyRoute } from "@/app/api/v1/duty/route";
import { OPENAPI_DOCUMENT } from "@/lib/api/openapi";
import { DUTY_RATE_PER_MINUTE } from "@/lib/api/limits";
import { resetLawCache } from "@/lib/tariffs/law";
import type { DutyAnswer } from "@/lib/tariffs/duty-answer";
import { newClientIp } from "../helpers/requests";
import { setupTestDatabase } from "../helpers/test-database";
import { DUTY_CASES, FIXTURE_LINES } from "./duty-cases";

/**
 * GET /api/v1/duty (docs/tariffs.md "Duty lookup") against the real seeded database: the
 * documented cases (docs/tariffs.md "Duty cases", tests/integration/duty-cases.ts) for every
 * measure, before, in force and after, each tier and exemption; the answer's shape; clear
 * 400s and 404s; the shared rate limit.
 */
// The committed tariff tables are in the database from its template (loaded once per run).
const db = setupTestDatabase({ template: "tariff-tables" });

async function seed() {
  // Lines outside the 44 categories the cases need (HTS 2026 Rev 10 rates), unless the schedule already holds them.
  await db.prisma.htsLine.createMany({
    data: FIXTURE_LINES.map((l) => ({ ...l, generalAdValorem: l.generalAdValorem === null ? null : String(l.generalAdValorem), releaseId: "2026_rev_10" })),
    skipDuplicates: true,
  });
  resetLawCache(db.prisma);
}

async function ask(query: string, ip = newClientIp()) {
  const response = await dutyRoute(new Request(`http://localhost/api/v1/duty?${query}`, { headers: { "x-forwarded-for": ip } }));
  return { status: response.status, body: (await response.json()) as DutyAnswer & { message?: string; errors?: Record<string, string> }, headers: response.headers };
}

describe("GET /api/v1/duty", () => {
  it(`answers the ${DUTY_CASES.length} documented cases`, async () => {
    await seed();
    expect(DUTY_CASES.length).toBeGreaterThanOrEqual(60);
    const failures: string[] = [];
    for (const c of DUTY_CASES) {
      const { status, body } = await ask(`hts=${c.hts}&origin=${c.origin}&date=${c.date}`);
      const why = (what: string) => failures.push(`${c.id} (${c.hts} ${c.origin} ${c.date}): ${what}`);
      if (status !== 200) {
        why(`status ${status} ${body.message ?? ""}`);
        continue;
      }
      const ids = body.lines.map((l) => l.measureId);
      if (c.total === null ? body.totalRate !== null : body.totalRate === null || Math.abs(body.totalRate - c.total) > 1e-9) why(`total ${body.totalRate}, expected ${c.total}`);
      if (c.total === null && body.unknown.length === 0) why("an unknown total without a reason");
      if (c.range && (!body.range || Math.abs(body.range.low - c.range.low) > 1e-9 || Math.abs(body.range.high - c.range.high) > 1e-9)) why(`range ${JSON.stringify(body.range)}, expected ${JSON.stringify(c.range)}`);
      for (const id of c.applies ?? []) if (!ids.includes(id)) why(`${id} missing from ${ids.join(", ")}`);
      for (const id of c.absent ?? []) if (ids.includes(id)) why(`${id} should not apply`);
      if (c.deMinimis !== undefined && body.deMinimis.available !== c.deMinimis) why(`de minimis ${body.deMinimis.available}`);
      for (const line of body.lines) if (!line.citation || !line.citation.url.startsWith("https://")) why(`${line.measure} has no citation`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("answers line by line with the legal basis, the next scheduled change, de minimis and the as-of", async () => {
    await seed();
    const { status, body, headers } = await ask("hts=9401.61.40.11&origin=VN&date=2026-11-27");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("public, max-age=300");
    expect(body).toMatchObject({ hts: "9401.61.40.11", origin: "VN", originName: "Vietnam", date: "2026-11-27", totalRate: 0.25, range: null, unknown: [] });
    expect(body.lines[0]).toMatchObject({ measure: "General (MFN) rate", heading: "9401.61.40.11", rate: 0, status: "in_force", confidence: "confirmed" });
    expect(body.lines[1]).toMatchObject({
      measureId: "s232_upholstered_wood_furniture",
      heading: expect.stringContaining("9903.76.02"),
      rate: 0.25,
      basis: "additional",
      status: "in_force",
      confidence: "confirmed",
      citation: expect.objectContaining({ id: "fr-2025-19482", url: expect.stringMatching(/^https:\/\/www\.federalregister\.gov\//) }),
    });
    // The forced-labor duty does not apply to a Section 232 good, and the answer says why.
    expect(body.notes.join(" ")).toMatch(/forced-labor.*does not apply: the line is covered by Section 232/);
    // The step-up 35 days ahead is in the answer, with its proclamation.
    expect(body.next[0]).toMatchObject({ date: "2027-01-01", totalRate: 0.3, citations: [expect.objectContaining({ id: "wh-2025-12-wood-amendment" })] });
    expect(body.deMinimis).toMatchObject({ available: false });
    expect(body.deMinimis.text).toMatch(/No duty-free entry under \$800/);
    expect(body.asOf).toMatchObject({ law: "2026-11-27", htsRevision: "2026_rev_10" });

    // A conditional line: the cabinet rate only for completed cabinets and vanities.
    const cabinet = await ask("hts=9403608093&origin=VN&date=2026-11-27");
    expect(cabinet.body.totalRate).toBeNull();
    expect(cabinet.body.lines.find((l) => l.measureId === "s232_kitchen_cabinets_vanities")).toMatchObject({ status: "conditional", onlyIf: expect.stringMatching(/completed wooden kitchen cabinet or vanity/) });
    expect(cabinet.body.unknown[0]).toMatch(/25% if so, 12.5% if not/);

    // A parent code: the furniture duty reaches only two of its statistical lines.
    const parent = await ask("hts=9401.61.40&origin=VN&date=2026-11-27");
    expect(parent.body.partial).toEqual([expect.objectContaining({ rate: 0.25, lines: ["9401.61.40.11", "9401.61.40.31"] })]);

    // Without a date: today.
    const today = await ask("hts=6403.99.60&origin=VN");
    expect(today.body.date).toBe(new Date().toISOString().slice(0, 10));
  }, 180_000);

  it("refuses bad input with a clear 400 per field, and an unknown code with a 404", async () => {
    const cases: [string, string, RegExp][] = [
      ["origin=VN", "hts", /8- or 10-digit HTS code/],
      ["hts=6403&origin=VN", "hts", /8- or 10-digit HTS code/],
      ["hts=6403.99.6x&origin=VN", "hts", /8- or 10-digit HTS code/],
      ["hts=6403.99.60", "origin", /origin/],
      ["hts=6403.99.60&origin=XX", "origin", /two-letter country code/],
      ["hts=6403.99.60&origin=VN&date=2026-02-30", "date", /real day/],
      ["hts=6403.99.60&origin=VN&date=1999-01-01", "date", /between 2018-01-01 and 2030-12-31/],
    ];
    for (const [query, field, message] of cases) {
      const { status, body } = await ask(query);
      expect(status).toBe(400);
      expect(body.errors?.[field]).toMatch(message);
    }
    // The database is empty in this test: no line is known.
    const missing = await ask("hts=9999.99.99&origin=VN&date=2026-11-27");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/9999\.99\.99 is not a line of the HTS schedule/);
  });

  it(`limits each address to ${DUTY_RATE_PER_MINUTE} requests a minute (shared limits)`, async () => {
    const ip = newClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < DUTY_RATE_PER_MINUTE; i++) statuses.push((await ask("hts=1&origin=VN", ip)).status);
    expect(statuses.slice(0, DUTY_RATE_PER_MINUTE).every((s) => s === 400)).toBe(true);
    const last = await ask("hts=1&origin=VN", ip);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("is in the OpenAPI document, public, with its parameters and errors", () => {
    const get = OPENAPI_DOCUMENT.paths["/api/v1/duty"].get;
    expect(get.security).toEqual([]);
    expect(get.parameters.map((p) => p.name)).toEqual(["hts", "origin", "date"]);
    expect(Object.keys(get.responses).sort()).toEqual(["200", "400", "404", "429", "500"]);
  });

  it("has every documented case listed in docs/tariffs.md with its expected total", () => {
    const doc = readFileSync(path.join(process.cwd(), "docs", "tariffs.md"), "utf8");
    for (const c of DUTY_CASES) {
      const row = doc.split("\n").find((l) => l.includes(`| \`${c.id}\` |`));
      expect(row).toBeDefined();
      const total = c.total === null ? "unknown" : `${Math.round(c.total * 1000) / 10}%`;
      expect(row).toContain(`| ${c.hts} | ${c.origin} | ${c.date} | ${total}`);
    }
  });
});
