import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * `npm run app` installs with `npm ci --omit=dev` (scripts/setup.mjs): a package the app's
 * build, start or server imports that sits in devDependencies would be missing on a fresh
 * clone's first start, while `npm test` (which installs everything) would pass. The sources are
 * read by scripts/check/app-dependencies.mjs.
 */
type Report = { packages: string[]; missing: string[] };

let report: Report;
beforeAll(() => {
  const root = path.join(__dirname, "..", "..");
  const out = execFileSync(process.execPath, [path.join(root, "scripts", "check", "app-dependencies.mjs"), "--json"], { cwd: root, encoding: "utf8" });
  report = JSON.parse(out) as Report;
}, 60_000);

describe("what `npm run app` installs", () => {
  it("reaches the app's packages from its routes and start scripts", () => {
    // The walk is real: the framework, the database client and the build's tools are found.
    expect(report.packages).toEqual(expect.arrayContaining(["next", "react", "@prisma/client", "pg", "tailwindcss", "@tailwindcss/postcss", "tsx", "prisma"]));
  });

  it("holds every package they need in dependencies, none in devDependencies only", () => {
    expect(report.missing).toEqual([]);
  });
});
