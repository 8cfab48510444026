/**
 * The product search engine (docs/search.md): finds HTS lines for what people call what they
 * buy. Two sources of evidence, both in process memory:
 *
 * 1. The consumer vocabulary (./vocabulary): a query that names a concept ("running shoes",
 *    "couch", "iphone", "loo roll") reaches the headings that concept is classified in, best
 *    first. Names are matched word by word, so extra words ("women's", "leather", "65 inch")
 *    still find the concept and then choose among its lines.
 * 2. The schedule's own text: every line's description and the descriptions above it (its
 *    path), indexed once per node of the schedule's tree, so a heading's words count for
 *    every line under it without being stored again for each.
 *
 * Words are folded to one form (./words); a word the index does not know is matched to the
 * nearest known words within one or two edits (MiniSearch's SearchableMap, a radix tree), and
 * the last word also as a prefix, so "sneekers", "labtop" and "runn" still find something.
 * Results are spread over the concept's headings first (one line per heading, best first),
 * then the rest by score. Pure: the caller loads the lines (lib/tariffs/search.ts).
 */
import SearchableMap from "minisearch/SearchableMap";
import { isFormWord, plainText, termsOf } from "./words";
import type { Vocabulary } from "./vocabulary";

export type IndexedLine = { code: string; description: string; descriptionPath: string; generalRateText: string; categoryId: string };

export type SearchHit = {
  code: string;
  description: string;
  descriptionPath: string;
  generalRateText: string;
  categoryId: string;
  /** The descriptions above the line, heading first. */
  parents: string[];
  /** The line named so it reads alone: an "Other" or "For men" line with the nearest description above it. */
  title: string;
  /** How the line was found: by its code, by a vocabulary name, or by the schedule's words. */
  matchedBy: "code" | "name" | "text";
  /** The vocabulary name that led here, when matchedBy is "name". */
  matchedName: string | null;
};

export type SearchOutcome = { hits: SearchHit[]; suggestions: string[] };

/** Digits of a code-like query ("6403", "6403.99", "6403.99.60"), else null. */
export function codeDigits(q: string): string | null {
  const trimmed = q.trim();
  if (!/^\d[\d.\s]*$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[.\s]/g, "");
  return digits.length >= 2 && digits.length <= 10 ? digits : null;
}

/**
 * The query's terms and how much each counts: the thing named (in English, the last word:
 * "leather wallet", unless it names a form or package: "matcha powder") counts most; words after "for" ("case for iphone", "dummy for baby")
 * say what it goes with, so the word before "for" is the thing named and those after count less.
 */
export function queryWords(query: string): { words: string[]; weights: number[] } {
  const plain = plainText(query);
  const at = plain.search(/\bfor\b/);
  const head = termsOf(at >= 0 ? plain.slice(0, at) : plain);
  const tail = at >= 0 ? termsOf(plain.slice(at + 3)) : [];
  if (!head.length) return { words: tail, weights: headWeights(tail) };
  return { words: [...head, ...tail], weights: [...headWeights(head), ...tail.map(() => 0.7)] };
}

/** 1.5 for the thing named (the last word that is not a form or package word: "matcha powder"), 1 for the others. */
function headWeights(words: readonly string[]): number[] {
  let head = words.length - 1;
  while (head > 0 && isFormWord(words[head]!)) head--;
  return words.map((_, i) => (i === head ? 1.5 : 1));
}

/** A short, generic description that only makes sense with the one above it. */
function needsParent(description: string): boolean {
  return /^other\b/i.test(description) || (description.length <= 40 && /^(for|of|valued|in|with|without|having|weighing|containing|not|men|women|boys|girls|babies|put up|described|entered)\b/i.test(description));
}

/** The line's readable name: "Other" lines (and other short qualifiers) carry the nearest description above them. */
export function lineTitle(description: string, parents: readonly string[]): string {
  if (!needsParent(description)) return description;
  for (let i = parents.length - 1; i >= 0; i--) {
    const parent = parents[i]!.replace(/:$/, "");
    if (!/^other$/i.test(parent)) return `${parent}: ${description}`;
  }
  return description;
}

/** Words whose presence marks a line as an industrial or intermediate good rather than what a household buys. */
const INDUSTRIAL = /\b(parts?|industrial|for the manufacture|manufacturing|waste and scrap|unwrought|primary forms?|not put up for retail sale|in bulk|semi-?finished|machinery|of a kind used in|for use in the manufacture|crude|ores?|concentrates?|chemically|for technical uses|blanks?)\b/i;

const EMPTY = new Int32Array(0);

/** "6404119020" -> "6404.11.90.20": the schedule's codes are their digits grouped 4, 2, 2, 2. */
function codeFromDigits(digits: string): string {
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8), digits.slice(8, 10)].filter(Boolean).join(".");
}

/** A copy that owns its characters: a piece of a long string would keep the whole string alive. */
function own(text: string): string {
  return `${text}\u0000`.slice(0, -1);
}

type Alternative = { term: string; weight: number };
type Unit = { positions: number[]; weight: number; alternatives: Alternative[] };
type Candidate = { line: number; score: number; group: string; name: string | null; by: "name" | "text" };

/** How much a match on a description above a line counts against one on the line itself. */
const ANCESTOR = 0.7;
/** Concepts kept: those scoring at least this share of the best one. */
const CONCEPT_SHARE = 0.6;
const MAX_CONCEPTS = 5;
/** Lines found only by the schedule's words count for this much of a vocabulary match. */
const TEXT_ONLY = 0.75;
/** At most this many lines found by the schedule's words alone are ranked. */
const TEXT_LINES = 300;

export class ProductSearch {
  /** Codes that do not read as their digits grouped 4.2.2.2 (none in the schedule as published). */
  private readonly oddCodes = new Map<number, string>();
  private readonly digits: string[];
  private readonly lineNode: Int32Array;
  private readonly lineRate: Uint16Array;
  private readonly lineCategory: Uint16Array;
  private readonly linePrior: Float32Array;
  private readonly lineDepth: Uint8Array;
  private readonly rates: string[];
  private readonly categories: string[];
  private readonly nodeParent: Int32Array;
  private readonly nodeText: string[];
  /** Every word the index knows (the schedule's and the vocabulary's), each with its id: a radix tree for typos and prefixes. */
  private readonly lexicon = new SearchableMap<number>();
  /** Per word id: 1 when the schedule uses it, 2 when the vocabulary does. */
  private readonly termFlags: Uint8Array;
  /** Per word id, the nodes whose description has it: postNodes[postStart[id] .. postStart[id + 1]). */
  private readonly postStart: Int32Array;
  private readonly postNodes: Int32Array;
  /** Per word id, the vocabulary names that have it: nameIds[nameStart[id] .. nameStart[id + 1]). */
  private readonly nameStart: Int32Array;
  private readonly nameIds: Int32Array;
  private readonly targetRanges = new Map<string, [number, number]>();
  private readonly nodeHit: Float32Array;
  private readonly nodeBest: Float32Array;
  private readonly nodeAbove: Float32Array;
  private readonly textScore: Float32Array;
  private readonly textRank: Float32Array;

  constructor(
    lines: readonly IndexedLine[],
    private readonly vocabulary: Vocabulary,
  ) {
    const order = lines
      .map((line) => ({ line, digits: line.code.replace(/\D/g, "") }))
      .filter((x) => x.digits.length >= 4)
      .sort((a, b) => (a.digits < b.digits ? -1 : a.digits > b.digits ? 1 : 0));
    const n = order.length;
    this.digits = new Array<string>(n);
    this.lineNode = new Int32Array(n);
    this.lineRate = new Uint16Array(n);
    this.lineCategory = new Uint16Array(n);
    this.linePrior = new Float32Array(n).fill(1);
    this.lineDepth = new Uint8Array(n);

    const rates = new Map<string, number>();
    const categories = new Map<string, number>();
    const intern = (map: Map<string, number>, value: string) => {
      let id = map.get(value);
      if (id === undefined) {
        id = map.size;
        map.set(own(value), id);
      }
      return id;
    };
    const nodes = new Map<string, number>();
    const parents: number[] = [];
    const texts: string[] = [];
    const nodeTerms = new Map<string, number[]>();
    const segmentTerms = new Map<string, { text: string; terms: string[] }>();

    order.forEach(({ line, digits }, i) => {
      this.digits[i] = own(digits);
      if (codeFromDigits(digits) !== line.code) this.oddCodes.set(i, own(line.code));
      this.lineRate[i] = intern(rates, line.generalRateText);
      this.lineCategory[i] = intern(categories, line.categoryId);
      const segments = line.descriptionPath ? line.descriptionPath.split(" > ") : [];
      segments.push(line.description);
      this.lineDepth[i] = Math.min(255, segments.length);
      let parent = -1;
      for (const segment of segments) {
        const key = `${parent}\u0001${segment}`;
        let node = nodes.get(key);
        if (node === undefined) {
          node = texts.length;
          nodes.set(key, node);
          parents.push(parent);
          // One owned copy per distinct description ("Other" stands under thousands of headings).
          let known = segmentTerms.get(segment);
          if (!known) segmentTerms.set(segment, (known = { text: own(segment), terms: [...new Set(termsOf(segment))] }));
          texts.push(known.text);
          for (const term of known.terms) {
            let list = nodeTerms.get(term);
            if (!list) nodeTerms.set(term, (list = []));
            list.push(node);
          }
        }
        parent = node;
      }
      this.lineNode[i] = parent;
      if (INDUSTRIAL.test(line.descriptionPath) || INDUSTRIAL.test(line.description)) this.linePrior[i] = 0.8;
    });

    this.nodeParent = Int32Array.from(parents);
    this.nodeText = texts;
    this.rates = [...rates.keys()];
    this.categories = [...categories.keys()];
    this.nodeHit = new Float32Array(texts.length);
    this.nodeBest = new Float32Array(texts.length);
    this.nodeAbove = new Float32Array(texts.length);
    this.textScore = new Float32Array(n);
    this.textRank = new Float32Array(n);

    const nameTerms = new Map<string, number[]>();
    vocabulary.names.forEach((name, id) => {
      for (const term of new Set(name.terms)) {
        let list = nameTerms.get(term);
        if (!list) nameTerms.set(term, (list = []));
        list.push(id);
      }
    });
    // One id per word; each word's nodes and names packed in two flat arrays (a typed array per
    // word would cost its own header 15,000 times: docs/search.md, "Measured").
    const terms = [...new Set([...nodeTerms.keys(), ...nameTerms.keys()])];
    this.termFlags = new Uint8Array(terms.length);
    this.postStart = new Int32Array(terms.length + 1);
    this.nameStart = new Int32Array(terms.length + 1);
    this.postNodes = new Int32Array(terms.reduce((sum, t) => sum + (nodeTerms.get(t)?.length ?? 0), 0));
    this.nameIds = new Int32Array(terms.reduce((sum, t) => sum + (nameTerms.get(t)?.length ?? 0), 0));
    terms.forEach((term, id) => {
      const nodesOf = nodeTerms.get(term) ?? [];
      const namesOf = nameTerms.get(term) ?? [];
      this.postNodes.set(nodesOf, this.postStart[id]!);
      this.postStart[id + 1] = this.postStart[id]! + nodesOf.length;
      this.nameIds.set(namesOf, this.nameStart[id]!);
      this.nameStart[id + 1] = this.nameStart[id]! + namesOf.length;
      this.termFlags[id] = (nodesOf.length ? 1 : 0) | (namesOf.length ? 2 : 0);
      this.lexicon.set(own(term), id);
    });
    // Lines under a vocabulary heading are what people buy: they rank above the rest of the
    // schedule's matches (a data-driven prior, docs/search.md "Ranking").
    for (const concept of vocabulary.concepts) {
      for (const prefix of concept.prefixes) {
        const [start, end] = this.range(prefix);
        for (let i = start; i < end; i++) this.linePrior[i] = Math.max(this.linePrior[i]!, 1.15);
      }
    }
  }

  /** How many lines the index holds. */
  get size(): number {
    return this.digits.length;
  }

  private codeOf(line: number): string {
    return this.oddCodes.get(line) ?? codeFromDigits(this.digits[line]!);
  }

  /** The nodes whose description has `term`. */
  private postingsOf(term: string): Int32Array {
    const id = this.lexicon.get(term);
    return id === undefined ? EMPTY : this.postNodes.subarray(this.postStart[id]!, this.postStart[id + 1]!);
  }

  /** The vocabulary names that have `term`. */
  private namesOf(term: string): Int32Array {
    const id = this.lexicon.get(term);
    return id === undefined ? EMPTY : this.nameIds.subarray(this.nameStart[id]!, this.nameStart[id + 1]!);
  }

  /** The lines whose digits start with `prefix`: [start, end) in code order. */
  private range(prefix: string): [number, number] {
    const known = this.targetRanges.get(prefix);
    if (known) return known;
    const lower = (key: string) => {
      let lo = 0;
      let hi = this.digits.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.digits[mid]! < key) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const found: [number, number] = [lower(prefix), lower(`${prefix}\uffff`)];
    this.targetRanges.set(prefix, found);
    return found;
  }

  private parentsOf(line: number): string[] {
    const chain: string[] = [];
    for (let node = this.nodeParent[this.lineNode[line]!]!; node >= 0; node = this.nodeParent[node]!) chain.push(this.nodeText[node]!);
    return chain.reverse();
  }

  private hit(line: number, matchedBy: SearchHit["matchedBy"], matchedName: string | null): SearchHit {
    const parents = this.parentsOf(line);
    const description = this.nodeText[this.lineNode[line]!]!;
    return {
      code: this.codeOf(line),
      description,
      descriptionPath: parents.join(" > "),
      generalRateText: this.rates[this.lineRate[line]!]!,
      categoryId: this.categories[this.lineCategory[line]!]!,
      parents,
      title: lineTitle(description, parents),
      matchedBy,
      matchedName,
    };
  }

  /** The known words a query word stands for: itself, else its nearest spellings, and (last word) what it begins. */
  private alternatives(word: string, last: boolean): Alternative[] {
    if (this.lexicon.has(word)) return [{ term: word, weight: 1 }];
    const out: Alternative[] = [];
    const maxEdits = word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
    if (maxEdits) {
      const near = [...this.lexicon.fuzzyGet(word, maxEdits)];
      const closest = Math.min(...near.map(([, [, distance]]) => distance));
      for (const [term, [, distance]] of near) {
        if (distance === closest) out.push({ term, weight: distance === 1 ? 0.8 : 0.65 });
      }
      out.splice(8);
    }
    if (last && word.length >= 3) {
      const begun: { term: string; rank: number }[] = [];
      for (const [term, id] of this.lexicon.atPrefix(word)) {
        if (term !== word) begun.push({ term, rank: (this.termFlags[id]! & 2 ? 0 : 1000) + term.length });
      }
      begun.sort((a, b) => a.rank - b.rank);
      for (const { term } of begun.slice(0, 12)) if (!out.some((a) => a.term === term)) out.push({ term, weight: 0.75 });
    }
    return out;
  }

  private units(words: readonly string[], weights: readonly number[]): Unit[] {
    const units: Unit[] = words.map((word, i) => ({
      positions: [i],
      weight: weights[i]!,
      alternatives: this.alternatives(word, i === words.length - 1),
    }));
    // Two words written apart that the vocabulary knows joined ("lawn mower" / "lawnmower"), and the reverse.
    for (let i = 0; i + 1 < words.length; i++) {
      const joined = `${words[i]}${words[i + 1]}`;
      if (this.namesOf(joined).length) units.push({ positions: [i, i + 1], weight: 0, alternatives: [{ term: joined, weight: 1 }] });
    }
    return units;
  }

  /** Concepts the query names, best first, with the name that matched. */
  private concepts(units: readonly Unit[], positionWeight: readonly number[]): { concept: number; score: number; name: string }[] {
    const totalWeight = positionWeight.reduce((a, b) => a + b, 0);
    const matched = new Map<number, { best: number[]; positions: Set<number> }>();
    for (const unit of units) {
      for (const alt of unit.alternatives) {
        for (const id of this.namesOf(alt.term)) {
          const name = this.vocabulary.names[id]!;
          let entry = matched.get(id);
          if (!entry) matched.set(id, (entry = { best: new Array<number>(name.terms.length).fill(0), positions: new Set() }));
          name.terms.forEach((term, k) => {
            if (term === alt.term && alt.weight > entry!.best[k]!) entry!.best[k] = alt.weight;
          });
          for (const p of unit.positions) entry.positions.add(p);
        }
      }
    }
    const byConcept = new Map<number, { score: number; name: string }>();
    for (const [id, { best, positions }] of matched) {
      const name = this.vocabulary.names[id]!;
      const cover = best.reduce((a, b) => a + b, 0) / best.length;
      const full = best.every((b) => b > 0);
      let queryWeight = 0;
      for (const p of positions) queryWeight += positionWeight[p]!;
      // Most of all, how much of the query the name accounts for; then how much of the name the
      // query shows (a name typed in part, "cauliflower rice" for "frozen cauliflower rice",
      // still counts); longer names matched are more specific.
      const matchedTerms = best.filter((b) => b > 0).length;
      const score = (queryWeight / totalWeight) * Math.sqrt(cover) * (full ? 1 : 0.9) * (1 + 0.05 * (matchedTerms - 1));
      const known = byConcept.get(name.concept);
      if (!known || score > known.score) byConcept.set(name.concept, { score, name: name.text });
    }
    return [...byConcept].map(([concept, v]) => ({ concept, ...v })).sort((a, b) => b.score - a.score || a.concept - b.concept);
  }

  /** Scores every line by the query's words in its description (1) or a description above it (ANCESTOR), into this.textScore (0..1). */
  private scoreText(units: readonly Unit[]): void {
    this.textScore.fill(0);
    let possible = 0;
    const nodes = this.nodeHit.length;
    for (const unit of units) {
      if (!unit.weight) continue;
      this.nodeHit.fill(0);
      let unitMax = 0;
      for (const alt of unit.alternatives) {
        const list = this.postingsOf(alt.term);
        if (!list.length) continue;
        const value = alt.weight * Math.log(1 + nodes / (1 + list.length));
        unitMax = Math.max(unitMax, value);
        for (const node of list) if (value > this.nodeHit[node]!) this.nodeHit[node] = value;
      }
      possible += unit.weight * (unitMax || Math.log(1 + nodes));
      if (!unitMax) continue;
      for (let node = 0; node < nodes; node++) {
        const parent = this.nodeParent[node]!;
        const above = parent >= 0 ? Math.max(this.nodeHit[parent]!, this.nodeAbove[parent]!) : 0;
        this.nodeAbove[node] = above;
        this.nodeBest[node] = Math.max(this.nodeHit[node]!, ANCESTOR * above);
      }
      for (let line = 0; line < this.textScore.length; line++) {
        const best = this.nodeBest[this.lineNode[line]!]!;
        if (best) this.textScore[line] = this.textScore[line]! + unit.weight * best;
      }
    }
    if (possible > 0) for (let line = 0; line < this.textScore.length; line++) this.textScore[line] = this.textScore[line]! / possible;
  }

  search(query: string, limit: number): SearchOutcome {
    const take = Math.max(1, Math.floor(limit));
    const digits = codeDigits(query);
    const byCode: SearchHit[] = [];
    if (digits) {
      const [start, end] = this.range(digits);
      for (let i = start; i < end && byCode.length < take; i++) byCode.push(this.hit(i, "code", null));
      if (byCode.length >= take) return { hits: byCode, suggestions: [] };
    }
    const { words, weights } = queryWords(query);
    if (!words.length) return { hits: byCode, suggestions: [] };
    const units = this.units(words, weights);
    const concepts = this.concepts(units, weights);
    this.scoreText(units);

    const candidates = new Map<number, Candidate>();
    const top = concepts[0]?.score ?? 0;
    for (const { concept, score, name } of concepts.filter((c) => c.score >= CONCEPT_SHARE * top).slice(0, MAX_CONCEPTS)) {
      this.vocabulary.concepts[concept]!.prefixes.forEach((prefix, rank) => {
        const [start, end] = this.range(prefix);
        const base = score * (1 - 0.05 * Math.min(rank, 8));
        for (let line = start; line < end; line++) {
          const lineScore = base + 0.3 * this.textScore[line]!;
          const known = candidates.get(line);
          if (!known || lineScore > known.score) candidates.set(line, { line, score: lineScore, group: `c${concept}:${prefix}`, name, by: "name" });
        }
      });
    }
    // The best TEXT_LINES lines by the schedule's words alone: the cut-off is found on a sorted copy of the
    // scores (a native sort of floats), not by sorting the lines.
    const textual = this.textRank;
    for (let line = 0; line < textual.length; line++) {
      const score = this.textScore[line]!;
      textual[line] = score > 0.2 && !candidates.has(line) ? score * this.linePrior[line]! : 0;
    }
    const cut = Math.max(Float32Array.from(textual).sort()[Math.max(0, textual.length - TEXT_LINES)]!, Number.MIN_VALUE);
    for (let line = 0; line < textual.length; line++) {
      if (textual[line]! >= cut) candidates.set(line, { line, score: TEXT_ONLY * textual[line]!, group: this.digits[line]!.slice(0, 6), name: null, by: "text" });
    }

    const ranked = [...candidates.values()].sort((a, b) => b.score - a.score || this.lineDepth[a.line]! - this.lineDepth[b.line]! || a.line - b.line);
    const seen = new Set(byCode.map((h) => h.code));
    const out: SearchHit[] = [...byCode];
    const used = new Set<number>();
    const best = ranked[0]?.score ?? 0;
    // One line per group (a concept's heading, or a subheading) while groups score near the best, then the rest by score.
    const groupsDone = new Set<string>();
    for (const c of ranked) {
      if (out.length >= take || c.score < 0.55 * best) break;
      if (groupsDone.has(c.group)) continue;
      groupsDone.add(c.group);
      used.add(c.line);
      if (!seen.has(this.codeOf(c.line))) out.push(this.hit(c.line, c.by, c.name));
    }
    for (const c of ranked) {
      if (out.length >= take) break;
      if (used.has(c.line) || seen.has(this.codeOf(c.line))) continue;
      out.push(this.hit(c.line, c.by, c.name));
    }
    return { hits: out, suggestions: out.length ? [] : this.suggest(words) };
  }

  /** Vocabulary names near what was typed (two edits, any word), for an answer that found nothing. */
  private suggest(words: readonly string[]): string[] {
    const names = new Set<string>();
    for (const word of words) {
      if (word.length < 3) continue;
      for (const [term] of this.lexicon.fuzzyGet(word, word.length >= 6 ? 3 : 2)) {
        for (const id of this.namesOf(term)) {
          const name = this.vocabulary.names[id]!;
          if (name.terms.length <= 3) names.add(name.text);
          if (names.size >= 6) return [...names];
        }
      }
    }
    return [...names];
  }
}
