/**
 * Prerendered pages are ASCII-only (issue 16 item 6, docs/performance.md): scripts/ascii-html.mjs
 * rewrites each non-ASCII character of a built page into an escape that decodes to the same
 * character, and the icon sprite stays in step with components/ui/icon.tsx. When a build
 * exists (NEXT_DIST_DIR or .next), its prerendered pages are checked too; the e2e suite
 * checks the pages as served (e2e/prerendered-ascii.spec.ts).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { htmlFiles, toAsciiHtml } from "@/scripts/ascii-html.mjs";

const isAscii = (s: string) => !/[^\x00-\x7f]/.test(s);

describe("toAsciiHtml", () => {
  const html =
    '<html><head><title>Don’t — panic</title><style>.a::before{content:"→"}</style></head>' +
    '<body><p title="a×b">“Quoted” · 10 × 2 − 1 😀</p>' +
    '<script>self.__next_f.push([1,"a×b − “q” 😀"])</script>' +
    '<script type="application/ld+json">{"name":"Café ’s"}</script></body></html>';
  const out = toAsciiHtml(html);

  it("leaves only ASCII bytes", () => {
    expect(isAscii(out)).toBe(true);
  });

  it("writes text and attributes as character references that decode to the same text", () => {
    expect(out).toContain("<title>Don&#x2019;t &#x2014; panic</title>");
    expect(out).toContain('title="a&#xd7;b"');
    expect(out).toContain("&#x201c;Quoted&#x201d; &#xb7; 10 &#xd7; 2 &#x2212; 1 &#x1f600;");
  });

  it("writes script contents (RSC payload, JSON-LD) as \\u escapes that parse to the same strings", () => {
    const payload = /push\((\[.*?\])\)<\/script>/.exec(out)?.[1] ?? "";
    expect(JSON.parse(payload)).toEqual([1, "a×b − “q” 😀"]);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(out)?.[1] ?? "";
    expect(JSON.parse(ld)).toEqual({ name: "Café ’s" });
  });

  it("writes style contents as CSS escapes", () => {
    expect(out).toContain('content:"\\2192 "');
  });

  it("returns ASCII input unchanged", () => {
    expect(toAsciiHtml("<p>plain</p>")).toBe("<p>plain</p>");
  });
});

describe("the icon sprite", () => {
  it("public/icons.svg has exactly the icons listed in components/ui/icon.tsx", () => {
    expect(() => execFileSync(process.execPath, ["scripts/build-icons.mjs", "--check"], { stdio: "pipe" })).not.toThrow();
  });
});

const distDir = path.resolve(process.env.NEXT_DIST_DIR || ".next");
const built = existsSync(path.join(distDir, "BUILD_ID")) ? htmlFiles(path.join(distDir, "server", "app")) : [];
(built.length ? describe : describe.skip)(`the prerendered pages of the build in ${path.basename(distDir)}`, () => {
  it.each(built.map((f) => [path.relative(distDir, f)]))("%s is ASCII-only", (file) => {
    expect(isAscii(readFileSync(path.join(distDir, file), "utf8"))).toBe(true);
  });
});
