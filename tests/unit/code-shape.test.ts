import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * The code's shape, read from the sources by scripts/check/code-shape.mjs (the TypeScript
 * parser over app, components, lib, emails, scripts, tests): imports flow app -> components
 * -> lib, no import cycles, no exported function or constant that nothing uses, and no
 * `as unknown as` outside the generated Prisma client and the tests.
 */
type Shape = { direction: string[]; cycles: string[][]; deadExports: string[]; doubleCasts: string[] };

let shape: Shape;
beforeAll(() => {
  const root = path.join(__dirname, "..", "..");
  const out = execFileSync(process.execPath, [path.join(root, "scripts", "check", "code-shape.mjs"), "--json"], { cwd: root, encoding: "utf8" });
  shape = JSON.parse(out) as Shape;
}, 180_000);

describe("code shape", () => {
  it("imports flow one way: lib never imports components or app, components never import app", () => {
    expect(shape.direction).toEqual([]);
  });

  it("has no import cycles (type-only imports aside)", () => {
    expect(shape.cycles).toEqual([]);
  });

  it("exports nothing that nothing uses", () => {
    expect(shape.deadExports).toEqual([]);
  });

  it("casts nothing through unknown outside the generated client and the tests (stored JSON is parsed by its schema)", () => {
    expect(shape.doubleCasts).toEqual([]);
  });
});
