import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * `npm ci` installs exactly the committed lockfile, and refuses one that lacks an optional
 * package some locked package names, even one for another platform (a lockfile written by
 * an `npm install` that could not fetch them: docs/performance.md, "`npm ci` on every
 * platform"). `npm test` and `npm run app` install with `npm ci` (scripts/setup.mjs), so a
 * clone on macOS or Linux arm64 needs these entries as much as this machine needs its own.
 */

type LockedPackage = { version?: string; optional?: boolean; os?: string[]; cpu?: string[]; optionalDependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync(path.join(__dirname, "..", "..", "package-lock.json"), "utf8")) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};

/** Where Node (and npm) would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolveLocked(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf("/node_modules/");
    dir = parent === -1 ? "" : dir.slice(0, parent);
  }
}

describe("package-lock.json", () => {
  it("is a version 3 lockfile", () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it("locks every optional dependency of every locked package, whatever its platform", () => {
    const missing: string[] = [];
    for (const [at, pkg] of Object.entries(lock.packages)) {
      for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
        if (!resolveLocked(at, name)) missing.push(`${name} (wanted by ${at || "the project"})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it.each([
    ["linux", "x64"],
    ["linux", "arm64"],
    ["darwin", "arm64"],
    ["darwin", "x64"],
  ])("has Next's compiler and Tailwind's engine for %s %s", (os, cpu) => {
    for (const family of ["node_modules/@next/swc-", "node_modules/@tailwindcss/oxide-"]) {
      const builds = Object.entries(lock.packages).filter(
        ([at, pkg]) => at.startsWith(family) && pkg.os?.includes(os) && pkg.cpu?.includes(cpu),
      );
      expect(builds.map(([at]) => at)).not.toEqual([]);
    }
  });
});
