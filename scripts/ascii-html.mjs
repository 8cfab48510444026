// ASCII-only prerendered pages (issue 16 item 6; docs/performance.md). React writes text
// as characters, so a page with typographic characters (’ “ ” — × …) is served as UTF-8
// with multi-byte sequences, and Node writes such a string to the socket at about half the
// speed of an ASCII one. After `next build`, this rewrites every prerendered HTML file so
// that each non-ASCII character becomes an escape that decodes to the same character:
//   - inside <script> (the inline RSC payload, JSON-LD): \uXXXX (valid in JS and JSON strings);
//   - inside <style>: a CSS escape \XXXX ;
//   - elsewhere (text, attribute values): a numeric character reference &#xXXXX;.
// The page renders and hydrates exactly as before (same decoded text); only the bytes change.
//
// Run by next.config.mjs at the end of every production build (so `next build` from any
// script gets it), and by hand: `node scripts/ascii-html.mjs [distDir] [--check]`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const NON_ASCII = /[^\x00-\x7f]/gu;
const hex = (cp) => cp.toString(16);
/** \uXXXX, with a surrogate pair above U+FFFF. */
const jsEscape = (ch) => [...ch].flatMap((c) => {
  const units = [];
  for (let i = 0; i < c.length; i++) units.push(`\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`);
  return units;
}).join("");

/** The HTML with every non-ASCII character escaped for the context it is in. */
export function toAsciiHtml(html) {
  if (!/[^\x00-\x7f]/.test(html)) return html;
  let out = "";
  // Split into raw-text elements (script, style) and everything else.
  const re = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
  let last = 0;
  for (const m of html.matchAll(re)) {
    out += html.slice(last, m.index).replace(NON_ASCII, (c) => `&#x${hex(c.codePointAt(0))};`);
    const block = m[0];
    out += m[1].toLowerCase() === "script" ? block.replace(NON_ASCII, jsEscape) : block.replace(NON_ASCII, (c) => `\\${hex(c.codePointAt(0))} `);
    last = m.index + block.length;
  }
  out += html.slice(last).replace(NON_ASCII, (c) => `&#x${hex(c.codePointAt(0))};`);
  return out;
}

/** Every .html file under `dir`, recursively. */
export function htmlFiles(dir) {
  const files = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return files;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files.push(...htmlFiles(p));
    else if (e.name.endsWith(".html")) files.push(p);
  }
  return files;
}

/** Rewrites the prerendered pages of a build (`<distDir>/server/{app,pages}`); returns the files changed. */
export function asciiPrerendered(distDir) {
  const changed = [];
  for (const sub of ["app", "pages"]) {
    for (const file of htmlFiles(path.join(distDir, "server", sub))) {
      const html = readFileSync(file, "utf8");
      const ascii = toAsciiHtml(html);
      if (ascii !== html) {
        writeFileSync(file, ascii);
        changed.push(file);
      }
    }
  }
  return changed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const distDir = path.resolve(args.find((a) => !a.startsWith("--")) ?? process.env.NEXT_DIST_DIR ?? ".next");
  if (args.includes("--check")) {
    const bad = [];
    for (const sub of ["app", "pages"]) {
      for (const file of htmlFiles(path.join(distDir, "server", sub))) if (/[^\x00-\x7f]/.test(readFileSync(file, "utf8"))) bad.push(path.relative(distDir, file));
    }
    if (bad.length) {
      console.error(`not ASCII-only:\n  ${bad.join("\n  ")}`);
      process.exit(1);
    }
    console.log(`every prerendered page under ${distDir} is ASCII-only`);
  } else {
    const changed = asciiPrerendered(distDir);
    console.log(`${changed.length} prerendered page(s) rewritten to ASCII under ${distDir}`);
  }
}
