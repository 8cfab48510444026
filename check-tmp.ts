import { dutyOn } from "@/lib/tariffs/duty";
import { htsLines, measureEvents, tariffMeasures } from "@/lib/tariffs/tables";
import { FIXTURE_LINES } from "./tests/integration/duty-cases";
const all = [...htsLines, ...FIXTURE_LINES.map((l) => ({ ...l, ch99Refs: [] }))];
const line = (code: string) => { const l = all.find((x) => x.code === code); if (!l) throw new Error(code); return l; };
const rows = process.argv.slice(2).join(" ").split(";").map((s) => s.trim().split(/\s+/)).filter((x) => x.length === 3);
for (const [code, c, d] of rows) {
  const s = dutyOn({ line: line(code), country: c, date: d, measures: tariffMeasures, events: measureEvents });
  console.log(`${code} ${c} ${d} total=${s.total === null ? "null" : Math.round(s.total * 100000) / 100000}`, s.range ? JSON.stringify(s.range) : "", s.parts.map((p) => `${p.measureId}:${Math.round(p.rate * 10000) / 10000}${p.onlyIf ? "?" : ""}`).join(" "));
}
