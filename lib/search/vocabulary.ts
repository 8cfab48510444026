/**
 * The consumer vocabulary (docs/search.md, "Vocabulary"): what people call the things they
 * buy (common names, brands, British and American words) mapped to the HTS headings or
 * subheadings those goods are classified in, best first. Reviewed data in
 * data/search/vocabulary.json, one concept per line; checked here at load and in
 * tests/unit/search-vocabulary.test.ts (every code must name lines of the schedule).
 *
 * No `server-only`: the evaluation script and the unit tests use it too.
 */
import { z } from "zod";
import vocabularyFile from "@/data/search/vocabulary.json";
import { termsOf } from "./words";

/** "6404", "6404.11", "6404.11.90" or "6404.11.90.10". */
const HTS_PREFIX = /^\d{4}(?:\.\d{2}){0,3}$/;

export const conceptSchema = z.object({
  aisle: z.string().min(1),
  hts: z.array(z.string().regex(HTS_PREFIX, { error: "an HTS heading, subheading or line (6404, 6404.11, 6404.11.90)" })).min(1),
  names: z.array(z.string().min(1).max(80)).min(1),
});
export type ConceptEntry = z.infer<typeof conceptSchema>;

export const vocabularySchema = z.array(conceptSchema).min(1);

/** A concept as the search uses it: the codes as digit prefixes, best first. */
export type Concept = { id: number; aisle: string; prefixes: string[]; names: string[] };

/** One name of a concept, as terms; multi-word names also stand joined ("hair dryer" -> "hairdryer"). */
export type ConceptName = { concept: number; terms: string[]; text: string };

export type Vocabulary = { concepts: Concept[]; names: ConceptName[] };

export function buildVocabulary(entries: readonly ConceptEntry[]): Vocabulary {
  const concepts: Concept[] = [];
  const names: ConceptName[] = [];
  for (const entry of entries) {
    const id = concepts.length;
    concepts.push({ id, aisle: entry.aisle, prefixes: [...new Set(entry.hts.map((code) => code.replace(/\D/g, "")))], names: entry.names });
    const seen = new Set<string>();
    for (const text of entry.names) {
      const terms = termsOf(text);
      if (!terms.length) continue;
      const variants = terms.length > 1 ? [terms, [terms.join("")]] : [terms];
      for (const variant of variants) {
        const key = variant.join(" ");
        if (seen.has(key)) continue;
        seen.add(key);
        names.push({ concept: id, terms: variant, text });
      }
    }
  }
  return { concepts, names };
}

let loaded: Vocabulary | undefined;

/** The product's vocabulary (data/search/vocabulary.json), parsed and checked once. */
export function productVocabulary(): Vocabulary {
  loaded ??= buildVocabulary(vocabularySchema.parse(vocabularyFile));
  return loaded;
}
