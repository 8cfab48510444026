/**
 * Words of the product search (docs/search.md, "Words"): one function turns any text (a
 * shopper's query, a vocabulary name, a line of the tariff schedule) into the same kind of
 * terms, so that "Men's", "mens" and "men" meet, "colour" meets "color", "knives" meets
 * "knife" and "12oz" or "2 pack" count for nothing. Pure; the rules are data
 * (data/search/words.json).
 *
 * No `server-only`: the evaluation script and the unit tests use it too.
 */
import pluralize from "pluralize";
import { z } from "zod";
import wordsFile from "@/data/search/words.json";

const wordsSchema = z.object({
  about: z.string(),
  fold: z.record(z.string().regex(/^[a-z0-9]+$/), z.string().regex(/^[a-z0-9]+$/)),
  keep: z.array(z.string().regex(/^[a-z0-9]+$/)),
  stop: z.array(z.string().regex(/^[a-z0-9]+$/)),
  examples: z.array(z.string().min(2)).min(1),
  forms: z.array(z.string().regex(/^[a-z0-9]+$/)),
});

const words = wordsSchema.parse(wordsFile);
const FOLD = new Map(Object.entries(words.fold));
const KEEP = new Set(words.keep);
const STOP = new Set(words.stop);

const FORMS = new Set(words.forms);

/** Whether a term (in its one form) names a form or a package rather than a thing ("powder", "pods", "bottle"). */
export function isFormWord(term: string): boolean {
  return FORMS.has(term);
}

/** What to try when a search finds nothing and no name is close to what was typed. */
export const SEARCH_EXAMPLES: readonly string[] = words.examples;

/** A quantity or a size ("12", "2pk", "55in", "1.5l", "64gb"): no meaning in a product search. */
const QUANTITY = /^\d+(?:pk|pack|ct|count|oz|lb|lbs|kg|g|ml|l|in|inch|ft|cm|mm|gb|tb|mah|w|v|x|pc|pcs|qt|gal)?$/;

/** Plurals that do not end in "s" (men, children, teeth, mice, cacti...). */
const IRREGULAR = /(?:men|children|teeth|feet|mice|lice|geese|people|oxen|i|ae|ia|ies)$/;

/** Lower case, accents off, "&" as "and", apostrophes and possessives gone, everything else not a letter or digit a space. */
export function plainText(text: string): string {
  const ascii = /[^\x20-\x7e]/.test(text) ? text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "") : text;
  return ascii
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['\u2019\u02bc](?:s\b)?/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * The one form of a word: folded (British spelling, everyday short form), then singular
 * ("knives" -> "knife", "men" -> "man"), with "-ie" nouns kept apart from "-y" ones the same
 * way whichever number was typed ("cookies" and "cookie" -> "cooky").
 */
export function termOf(word: string): string {
  const known = memo.get(word);
  if (known !== undefined) return known;
  const term = formOf(word);
  // The schedule and the vocabulary repeat a few thousand words; queries add more, so the memo is bounded.
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(word, term);
  return term;
}

const memo = new Map<string, string>();
const MEMO_LIMIT = 50_000;

function formOf(word: string): string {
  const folded = FOLD.get(word) ?? word;
  if (KEEP.has(folded) || folded.length <= 3 || /\d/.test(folded)) return folded;
  let singular = folded;
  // Only words ending in "s" and the irregular plurals change; the plural rules are slow to try on every word.
  if (!folded.endsWith("s") && !IRREGULAR.test(folded)) return ieAsY(singular);
  for (let i = 0; i < 3; i++) {
    const next = pluralize.singular(singular);
    if (next === singular) break;
    singular = next;
  }
  singular = ieAsY(singular);
  return FOLD.get(singular) ?? singular;
}

/** "cookie" and "cookies" meet: the plural rule makes "cooky" of the one, so the other is written so too. */
function ieAsY(word: string): string {
  return word.length >= 5 && word.endsWith("ie") ? `${word.slice(0, -2)}y` : word;
}

/** Whether a word (already in its one form) counts for nothing in a search. */
export function isStopWord(word: string): boolean {
  return STOP.has(word) || QUANTITY.test(word);
}

/** The terms of a text, in order, stop words and quantities left out. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const word of plainText(text).split(" ")) {
    if (!word || isStopWord(word)) continue;
    const term = termOf(word);
    if (!isStopWord(term)) out.push(term);
  }
  return out;
}
