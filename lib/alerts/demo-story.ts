/**
 * The story /demo follows (docs/claims.md, /demo): one item of the engine's reference basket
 * (lib/alerts/reference-basket.ts), computed on the committed tariff tables at build time
 * by this one function (components/demo only lays it out),
 * so every duty, percentage and dollar figure on the page is the engine's output with its
 * working on /examples. The item's price is the basket's example price, labelled so.
 * The alternatives are the engine's lower-tariff origins (lib/tariffs/alternatives.ts), at
 * sector level. No database, no network.
 */
import { findAlternatives, type AlternativesResult } from "@/lib/tariffs/alternatives";
import { tariffTables } from "@/lib/tariffs/tables";
import { computeReferenceExamples, type ReferenceExample, type ReferenceExamples } from "./reference-basket";

/** The basket item the demo follows: a coffee maker made in China ($80 example price). */
export const DEMO_ITEM_ID = "coffee-maker-cn";

export type DemoStory = {
  data: ReferenceExamples;
  /** The item the demo follows. */
  example: ReferenceExample;
  alternatives: AlternativesResult;
};

export function demoStory(): DemoStory {
  const data = computeReferenceExamples();
  const example = data.examples.find((e) => e.item.id === DEMO_ITEM_ID);
  if (!example) throw new Error(`The reference basket has no computed item ${DEMO_ITEM_ID}`);
  const line = tariffTables.htsLines.find((l) => l.code === example.line.code);
  const category = tariffTables.categories.find((c) => c.id === example.category.id);
  if (!line || !category) throw new Error(`No HTS line or category for ${DEMO_ITEM_ID}`);
  const alternatives = findAlternatives({
    line: { code: line.code, digits: line.digits, generalAdValorem: line.generalAdValorem, generalRateText: line.generalRateText },
    userOrigin: example.item.origin,
    date: data.event.t1,
    originShares: tariffTables.originShares.filter((s) => s.gtapSector === category.gtapSector),
    measures: tariffTables.measures,
    events: tariffTables.events,
    domesticShare: category.importShare === null ? null : Math.max(0, 1 - category.importShare),
  });
  return { data, example, alternatives };
}
