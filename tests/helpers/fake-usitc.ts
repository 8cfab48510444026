import { readFileSync } from "node:fs";
import path from "node:path";
import { startLocalServer, type LocalServer } from "./http-server";

/**
 * A local stand-in for USITC's HTS REST service (https://hts.usitc.gov/reststop), in its wire
 * format, on 127.0.0.1 only:
 *
 * - GET /reststop/releaseList -> [{id: {timestamp, date}, name: "2026HTSRev10", description:
 *   "2026 HTS Revision 10", title, status: "current" | ..., releaseStartDate: "MM/DD/YYYY",
 *   releaseEndDate, mergedRevisions}], one release marked current;
 * - GET /reststop/exportList?from=0101&to=9999&format=JSON&styles=true -> the current release's
 *   records [{htsno, indent, description, superior, units, general, special, other, footnotes,
 *   quotaQuantity, additionalDuties}] (the export takes no release: it is always the current one).
 *
 * Serves the two-revision fixture of tests/fixtures/usitc (or any records a test gives it);
 * `publish` makes another release current. `failNext` makes the next answer fail.
 */
export type FixtureRelease = { name: string; releaseStartDate: string; records: unknown[] };

export type FakeUsitc = LocalServer & {
  /** The base the importer is configured with (HTS_API_URL). */
  apiUrl: string;
  /** Makes this release the current one (older ones stay listed). */
  publish: (release: FixtureRelease) => void;
  failNext: (status: number) => void;
};

const FIXTURES = path.join(__dirname, "..", "fixtures", "usitc");

/** A release of the fixture: "2026HTSRev10" (copied from the real export) or "2026HTSRev11" (changed by hand). */
export function fixtureRelease(name: "2026HTSRev10" | "2026HTSRev11"): FixtureRelease {
  const records = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), "utf8")) as unknown[];
  return { name, releaseStartDate: name === "2026HTSRev10" ? "06/08/2026" : "07/01/2026", records };
}

export async function startFakeUsitc(initial: FixtureRelease): Promise<FakeUsitc> {
  const releases: FixtureRelease[] = [initial];
  const failures: number[] = [];
  const server = await startLocalServer((_req, url) => {
    const failure = failures.shift();
    if (failure !== undefined) return { status: failure, body: { error: "Service unavailable" } };
    const current = releases[releases.length - 1]!;
    if (url.pathname === "/reststop/releaseList") {
      return {
        status: 200,
        body: releases.map((r, i) => {
          const [mm, dd, yyyy] = r.releaseStartDate.split("/");
          const date = Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd), 12);
          const m = /^(\d{4})HTSRev(\d+)$/.exec(r.name);
          return {
            id: { timestamp: Math.floor(date / 1000), date },
            name: r.name,
            description: m ? `${m[1]} HTS Revision ${m[2]}` : r.name,
            title: m ? `Revision ${m[2]} (${m[1]})` : r.name,
            status: i === releases.length - 1 ? "current" : "archived",
            releaseStartDate: r.releaseStartDate,
            releaseEndDate: i === releases.length - 1 ? null : releases[i + 1]!.releaseStartDate,
            mergedRevisions: null,
          };
        }),
      };
    }
    if (url.pathname === "/reststop/exportList") {
      if (url.searchParams.get("format") !== "JSON") return { status: 400, body: { error: "format must be JSON, CSV or XML" } };
      return { status: 200, body: current.records };
    }
    return { status: 404, body: { error: "Not found" } };
  });
  return {
    ...server,
    apiUrl: `${server.url}/reststop`,
    publish: (release) => void releases.push(release),
    failNext: (status) => void failures.push(status),
  };
}
