/**
 * `cn` (lib/utils.ts) runs tailwind-merge on a configuration cut down to the classes the
 * codebase writes (scripts/build-class-merge.mjs; docs/performance.md, "tailwind-merge"). It
 * must merge exactly as the stock `twMerge` does: for every pair of written classes that can
 * meet (same variant modifiers), in both orders, and on the primitives' real overrides.
 */
import { execFileSync } from "node:child_process";
import { twMerge } from "tailwind-merge";
import { cn } from "@/lib/utils";

const script = ["scripts/build-class-merge.mjs"];
const written: string[] = JSON.parse(execFileSync(process.execPath, [...script, "--classes"], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }));

/** Variant modifiers and the important mark: classes with different ones never conflict. */
const variantOf = (cls: string) => `${cls.slice(0, cls.lastIndexOf(":") + 1)}${cls.includes("!") ? "!" : ""}`;

describe("cn's cut-down tailwind-merge configuration", () => {
  it("is current with the classes the code writes (else run node scripts/build-class-merge.mjs)", () => {
    expect(() => execFileSync(process.execPath, [...script, "--check"], { stdio: "pipe" })).not.toThrow();
  });

  it("finds the classes the code writes", () => {
    expect(written.length).toBeGreaterThan(300);
    for (const cls of ["h-10", "px-4", "shadow-sm", "text-sm", "bg-primary", "sm:px-6", "data-[state=active]:bg-background"]) expect(written).toContain(cls);
  });

  it("merges every pair of written classes with the same variant as the stock twMerge does, in both orders", () => {
    const byVariant = new Map<string, string[]>();
    for (const cls of written) byVariant.set(variantOf(cls), [...(byVariant.get(variantOf(cls)) ?? []), cls]);
    const differ: string[] = [];
    let pairs = 0;
    for (const group of byVariant.values()) {
      for (const a of group) {
        for (const b of group) {
          if (a === b) continue;
          pairs += 1;
          const input = `${a} ${b}`;
          if (cn(input) !== twMerge(input)) differ.push(`${input} -> cn "${cn(input)}", twMerge "${twMerge(input)}"`);
        }
      }
    }
    expect(pairs).toBeGreaterThan(100_000);
    expect(differ.slice(0, 20)).toEqual([]);
  });

  it("keeps the overrides the primitives rely on (docs/performance.md: about 50 call sites)", () => {
    // A caller's class wins over the primitive's default of the same property.
    expect(cn("h-10 px-4 py-2", "h-auto")).toBe("px-4 py-2 h-auto");
    expect(cn("p-6 pt-0", "p-4")).toBe("p-4");
    expect(cn("rounded-lg border bg-card shadow-sm", "shadow-lg")).toBe("rounded-lg border bg-card shadow-lg");
    expect(cn("text-sm font-medium", "text-base")).toBe("font-medium text-base");
    // Different properties are all kept; unknown words pass through.
    expect(cn("px-4", "py-2", "my-own-class", false && "hidden", undefined)).toBe("px-4 py-2 my-own-class");
  });
});
