/**
 * The chapter "videos": one small canvas animation per chapter, drawn from the example
 * numbers the chapter's transcript uses (all illustrative, labelled as examples on the
 * canvas). Pure drawing code with no React: `draw(ctx, p)` paints the frame at loop phase
 * `p` (0..1) on a 520 x 260 canvas (CSS pixels; the caller scales for the device
 * pixel ratio). Each visual loops every `loopSeconds`; `staticPhase` is the fully drawn
 * moment used as the single frame for visitors who prefer reduced motion. The caller
 * passes the loop phase: `visual.draw(ctx, loopPhase(t, visual.loopSeconds))`.
 * Unknown chapter ids get chapter 1's visual (docs/product-rules.md §8).
 */
import type { ChapterVisual } from "./canvas";
import { passThrough } from "./pass-through";
import { shipment } from "./shipment";
import { household } from "./household";
import { research } from "./research";
import { budget } from "./budget";
import { alternatives } from "./alternatives";
import { groupBuy } from "./group-buy";
import { decisions } from "./decisions";
import { journey } from "./journey";
import { TARIFF_IMPACT_VISUAL } from "./tariff-impact";

export { CANVAS_HEIGHT, CANVAS_WIDTH, loopPhase, type ChapterVisual } from "./canvas";
export { TARIFF_IMPACT_VISUAL };

export const VISUALS: Readonly<Record<number, ChapterVisual>> = Object.freeze({
  1: passThrough,
  2: shipment,
  3: household,
  4: research,
  5: budget,
  6: alternatives,
  7: groupBuy,
  8: decisions,
  9: journey,
});

/** The chapter's visual; chapter 1's for any unknown id. */
export function visualFor(chapterId: number): ChapterVisual {
  return VISUALS[chapterId] ?? passThrough;
}

export type VisualKey = number | "tariff-impact";

/** A visual by chapter id (unknown ids fall back to chapter 1) or by name. */
export function resolveVisual(key: VisualKey): ChapterVisual {
  return key === "tariff-impact" ? TARIFF_IMPACT_VISUAL : visualFor(key);
}
