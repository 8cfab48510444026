// Writes public/icons.svg: one <symbol> per icon named in components/ui/icon.tsx (ICONS),
// drawn from lucide-react's own icon data, with lucide's stroke attributes on each symbol
// so that <use> draws it exactly as the lucide component would (currentColor, width 2).
//
//   node scripts/build-icons.mjs          writes the sprite
//   node scripts/build-icons.mjs --check  exits 1 when the committed sprite is out of date
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const spriteFile = path.join(root, "public", "icons.svg");

/** The icon names listed in components/ui/icon.tsx's ICONS. */
export function iconNames() {
  const source = readFileSync(path.join(root, "components", "ui", "icon.tsx"), "utf8");
  const list = source.match(/export const ICONS = \[([\s\S]*?)\] as const/);
  if (!list) throw new Error("components/ui/icon.tsx: no ICONS list");
  return [...list[1].matchAll(/"([a-z0-9-]+)"/g)].map((m) => m[1]);
}

const escapeAttr = (v) => String(v).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** The sprite's text for `names`. */
export async function buildSprite(names) {
  const symbols = [];
  for (const name of names) {
    let mod = await import(`lucide-react/icons/${name}`);
    if (!mod.__iconData) {
      // An alias (shield-alert -> shield-exclamation-point) re-exports only the component.
      const file = path.join(root, "node_modules", "lucide-react", "dist", "esm", "icons", `${name}.mjs`);
      const target = readFileSync(file, "utf8").match(/from '\.\/([a-z0-9-]+)\.mjs'/)?.[1];
      if (target) mod = await import(`lucide-react/icons/${target}`);
    }
    const data = mod.__iconData;
    if (!data?.node) throw new Error(`lucide-react has no icon "${name}"`);
    const children = data.node
      .map(([tag, attrs]) => `<${tag} ${Object.entries(attrs).filter(([k]) => k !== "key").map(([k, v]) => `${k}="${escapeAttr(v)}"`).join(" ")}/>`)
      .join("");
    symbols.push(
      `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${children}</symbol>`,
    );
  }
  const version = JSON.parse(readFileSync(path.join(root, "node_modules", "lucide-react", "package.json"), "utf8")).version;
  return `<svg xmlns="http://www.w3.org/2000/svg"><!-- lucide-react ${version} (ISC), written by scripts/build-icons.mjs -->\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sprite = await buildSprite(iconNames());
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(spriteFile, "utf8");
    } catch {}
    if (current !== sprite) {
      console.error("public/icons.svg is out of date: run node scripts/build-icons.mjs");
      process.exit(1);
    }
    console.log("public/icons.svg is up to date");
  } else {
    writeFileSync(spriteFile, sprite);
    console.log(`public/icons.svg: ${iconNames().length} icons, ${sprite.length} bytes`);
  }
}
