/**
 * The search's evaluation (docs/search.md, "Measured"): everyday phrases with the HTS
 * headings a right answer falls under (data/search/eval-phrases.csv), run through a search,
 * scored as top-1 and top-3 accuracy, with the misses listed. The script
 * (scripts/search-eval.ts) and the integration test share this code.
 *
 * No `server-only`: a script and the tests use it.
 */
import { z } from "zod";

export type EvalPhrase = { phrase: string; expected: string[]; aisle: string };

const rowSchema = z.object({
  phrase: z.string().trim().min(2),
  expected: z.array(z.string().regex(/^\d{4}(?:\d{2}){0,3}$/)).min(1),
  aisle: z.string().trim().min(1),
});

/** Parses the evaluation file: a header `phrase,expected,aisle`, then one phrase a line, the expected codes separated by spaces. */
export function parseEvalPhrases(csv: string): EvalPhrase[] {
  const [header, ...lines] = csv.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (header?.trim() !== "phrase,expected,aisle") throw new Error("eval-phrases.csv: the header must be phrase,expected,aisle");
  return lines.map((line, i) => {
    const [phrase, expected, aisle, ...rest] = line.split(",");
    if (rest.length) throw new Error(`eval-phrases.csv line ${i + 2}: three fields expected`);
    return rowSchema.parse({ phrase, expected: (expected ?? "").trim().split(/\s+/).map((c) => c.replace(/\./g, "")), aisle });
  });
}

export type EvalAnswer = { code: string }[];
export type EvalMiss = { phrase: string; expected: string[]; got: string[]; aisle: string };
export type EvalReport = {
  phrases: number;
  top1: number;
  top3: number;
  empty: number;
  top1Rate: number;
  top3Rate: number;
  misses: EvalMiss[];
  latenciesMs: number[];
};

/** Whether an HTS code falls under one of the expected headings. */
export function isExpected(code: string, expected: readonly string[]): boolean {
  const digits = code.replace(/\D/g, "");
  return expected.some((prefix) => digits.startsWith(prefix));
}

/** Runs every phrase through `search` (which answers best first), in turn, timing each. */
export async function evaluate(phrases: readonly EvalPhrase[], search: (q: string) => Promise<EvalAnswer>): Promise<EvalReport> {
  let top1 = 0;
  let top3 = 0;
  let empty = 0;
  const misses: EvalMiss[] = [];
  const latenciesMs: number[] = [];
  for (const { phrase, expected, aisle } of phrases) {
    const started = performance.now();
    const answer = await search(phrase);
    latenciesMs.push(performance.now() - started);
    if (!answer.length) empty++;
    if (answer[0] && isExpected(answer[0].code, expected)) top1++;
    if (answer.slice(0, 3).some((a) => isExpected(a.code, expected))) top3++;
    else misses.push({ phrase, expected, got: answer.slice(0, 3).map((a) => a.code), aisle });
  }
  const n = phrases.length || 1;
  return { phrases: phrases.length, top1, top3, empty, top1Rate: top1 / n, top3Rate: top3 / n, misses, latenciesMs };
}

/** The p-th percentile (0..100) of a list of numbers, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
