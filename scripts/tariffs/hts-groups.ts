/**
 * The generated HS groups (data/tariffs/hs-groups.json; docs/tariffs.md, "Every product"):
 * one category per entry of data/tariffs/hs-pce-map.json (an HS chapter, or headings or
 * subheadings where the BEA PCE Bridge distinguishes), holding the HTS lines no curated
 * category covers. Each gets its retail margin from the mapped PCE line(s) (null when the
 * entry maps none), its GTAP sector (the sector most of its lines fall in, by the HS10-GTAP
 * crosswalk) and that sector's import share. Used by build-tables.ts only.
 */
import { categoryAssigner, type ScheduleLine } from "../../lib/tariffs/hts-schedule";
import type { CategoryKind, ConsumerCategory } from "../../lib/tariffs/types";

export type PceMapEntry = { prefixes: string[]; title: string; pceLines: number[]; note?: string };
export type PceMapFile = { about: string; sourceIds: string[]; entries: PceMapEntry[] };

type PceRatio = { nipa_line?: string; pce_category?: string; producers_value_musd?: string; purchasers_value_musd?: string; producer_share_of_retail?: string };

/** HTS code style of a prefix: "85" -> "85", "8516" -> "8516", "851631" -> "8516.31". */
const dotted = (p: string) => (p.length <= 4 ? p : `${p.slice(0, 4)}.${p.slice(4, 6)}${p.length > 6 ? `.${p.slice(6)}` : ""}`);

export function groupId(entry: Pick<PceMapEntry, "prefixes">): string {
  const first = entry.prefixes[0]!;
  const last = entry.prefixes[entry.prefixes.length - 1]!;
  return entry.prefixes.length > 1 ? `hs_${first}_${last}` : `hs_${first}`;
}

function kindOf(entry: PceMapEntry): CategoryKind {
  const shortest = Math.min(...entry.prefixes.map((p) => p.length));
  return shortest === 2 ? "hs_chapter" : shortest === 4 ? "hs_heading" : "hs_subheading";
}

/** The PCE line label and m of a set of NIPA lines (several: producers' value / purchasers' value of their sum). */
export function marginOf(lines: number[], pce: Map<number, PceRatio>, where: string): { pceLine: string; retailMargin: number } | null {
  if (lines.length === 0) return null;
  const rows = lines.map((n) => {
    const r = pce.get(n);
    if (!r) throw new Error(`${where}: PCE line ${n} not in the ratio file`);
    return r;
  });
  const producers = rows.reduce((s, r) => s + Number(r.producers_value_musd), 0);
  const purchasers = rows.reduce((s, r) => s + Number(r.purchasers_value_musd), 0);
  const retailMargin = rows.length === 1 ? Number(rows[0]!.producer_share_of_retail) : Number((producers / purchasers).toFixed(4));
  return { pceLine: rows.map((r) => `${r.nipa_line} ${r.pce_category}`).join(" + "), retailMargin };
}

export function buildHsGroups(opts: {
  map: PceMapFile;
  lines: readonly ScheduleLine[];
  curated: readonly ConsumerCategory[];
  pce: Map<number, PceRatio>;
  /** HS10 -> GTAP sector (lower case). */
  gtapOf: Map<string, string>;
  importShares: Map<string, number>;
  warnings: string[];
}): ConsumerCategory[] {
  const { map, lines, curated, pce, gtapOf, importShares, warnings } = opts;
  const seen = new Set<string>();
  for (const e of map.entries) {
    if (e.prefixes.length === 0) throw new Error(`hs-pce-map: entry "${e.title}" has no prefixes`);
    for (const p of e.prefixes) {
      if (!/^(\d{2}|\d{4}|\d{6})$/.test(p)) throw new Error(`hs-pce-map: prefix ${p} is not 2, 4 or 6 digits`);
      if (seen.has(p)) throw new Error(`hs-pce-map: prefix ${p} listed twice`);
      seen.add(p);
    }
  }
  for (let ch = 1; ch <= 97; ch++) {
    const c = String(ch).padStart(2, "0");
    if (ch !== 77 && !seen.has(c)) throw new Error(`hs-pce-map: chapter ${c} has no entry`);
  }

  // Who owns each line: a curated category first, else the longest group prefix.
  const drafts = map.entries.map((e) => ({ entry: e, id: groupId(e), kind: kindOf(e) }));
  const assign = categoryAssigner([
    ...curated.map((c) => ({ id: c.id, htsPrefixes: c.htsPrefixes, kind: "curated" })),
    ...drafts.map((d) => ({ id: d.id, htsPrefixes: d.entry.prefixes, kind: d.kind })),
  ]);
  const linesOf = new Map<string, ScheduleLine[]>();
  for (const l of lines) {
    const id = assign(l.digits);
    if (!id) throw new Error(`HTS line ${l.code} has no category`);
    const list = linesOf.get(id) ?? [];
    list.push(l);
    linesOf.set(id, list);
  }

  // GTAP sector by HS10 (an 8-digit line: its statistical lines; none: the HS6 majority).
  const byHs6 = new Map<string, Map<string, number>>();
  for (const [hs10, sector] of gtapOf) {
    const m = byHs6.get(hs10.slice(0, 6)) ?? new Map<string, number>();
    m.set(sector, (m.get(sector) ?? 0) + 1);
    byHs6.set(hs10.slice(0, 6), m);
  }
  const majority = (counts: Map<string, number>) => [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];

  const groups: ConsumerCategory[] = [];
  drafts.sort((a, b) => (a.entry.prefixes[0]! < b.entry.prefixes[0]! ? -1 : 1));
  for (const d of drafts) {
    const own = (linesOf.get(d.id) ?? []).slice().sort((a, b) => (a.digits < b.digits ? -1 : 1));
    if (own.length === 0) {
      warnings.push(`HS group ${d.id} (${d.entry.title}) holds no line: curated categories cover it; not written`);
      continue;
    }
    for (const p of d.entry.prefixes) if (!lines.some((l) => l.digits.startsWith(p))) throw new Error(`hs-pce-map: prefix ${p} matches no HTS line`);
    const counts = new Map<string, number>();
    for (const l of own) {
      const direct = l.digits.length === 10 ? gtapOf.get(l.digits) : undefined;
      const sector = direct ?? majority(byHs6.get(l.digits.slice(0, 6)) ?? new Map());
      if (sector) counts.set(sector, (counts.get(sector) ?? 0) + 1);
    }
    const gtapSector = majority(counts);
    if (!gtapSector) throw new Error(`HS group ${d.id}: no GTAP sector for any of its lines`);
    const share = importShares.get(gtapSector);
    const margin = marginOf(d.entry.pceLines, pce, d.id);
    const reference = own.find((l) => l.digits.length === 8 && l.generalAdValorem !== null) ?? own.find((l) => l.generalAdValorem !== null) ?? own[0]!;
    const scope = d.kind === "hs_chapter" ? `HS chapter ${d.entry.prefixes[0]}` : `HS ${d.entry.prefixes.map(dotted).join(", ")}`;
    groups.push({
      id: d.id,
      name: `${d.entry.title} (${scope})`,
      kind: d.kind,
      htsPrefixes: [...d.entry.prefixes],
      referenceHts: reference.code,
      pceLine: margin?.pceLine ?? null,
      retailMargin: margin?.retailMargin ?? null,
      retailMarginSourceId: margin ? "bea-pce-bridge" : null,
      cpiSeriesId: null,
      cpiLabel: null,
      gtapSector,
      importShare: share === undefined || Number.isNaN(share) ? null : Number(share.toFixed(4)),
      importShareSourceId: share === undefined ? null : "bl-tariff-model-import-shares",
    });
  }
  return groups;
}
