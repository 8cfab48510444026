import { at, between, C, type ChapterVisual, ease, frame, lerp, loopFade, money, rect, text } from "./canvas";

/** Chapter 3: a sample household's yearly spending on often-imported goods ($3,600 a year). */
const HOUSEHOLD = {
  importShare: 0.5,
  tariffRate: 0.2,
  categories: [
    { label: "Clothing and shoes", spend: 1200 },
    { label: "Electronics", spend: 900 },
    { label: "Home goods", spend: 800 },
    { label: "Auto parts", spend: 400 },
    { label: "Toys and hobbies", spend: 300 },
  ],
  scenarios: [
    { label: "Low", passThrough: 0.25 },
    { label: "Middle", passThrough: 0.5 },
    { label: "High", passThrough: 0.75 },
  ],
} as const;

export const household: ChapterVisual = {
  id: "chapter-3",
  chapterId: 3,
  title: "A sample household's yearly exposure",
  description:
    "Animated bar chart, illustrative example: a sample household spends $3,600 a year on often-imported goods. With half of that as import cost and a 20% example tariff, its estimated yearly exposure by category is shown under low (25%), middle (50%) and high (75%) pass-through: about $90, $180 and $270 in total. Clothing and electronics are the largest categories.",
  loopSeconds: 12,
  staticPhase: 0.55,
  draw(ctx, p) {
    const { importShare, tariffRate, categories, scenarios } = HOUSEHOLD;
    // Morph low -> middle -> high across the loop.
    const stage = p * scenarios.length;
    const index = Math.min(scenarios.length - 1, Math.floor(stage));
    const from = at(scenarios, index - 1).passThrough;
    const to = at(scenarios, index).passThrough;
    const passThrough = index === 0 ? to * ease(between(stage, 0, 0.6)) : lerp(from, to, ease(between(stage - index, 0, 0.6)));
    frame(ctx, `Yearly exposure: ${at(scenarios, index).label.toLowerCase()} pass-through (${Math.round(to * 100)}%)`);
    const max = categories[0].spend * importShare * tariffRate * 0.75;
    const left = 150;
    const width = 280;
    let total = 0;
    categories.forEach((c, i) => {
      const y = 50 + i * 34;
      const value = c.spend * importShare * tariffRate * passThrough;
      total += value;
      text(ctx, c.label, 16, y + 17, { size: 12, weight: 600 });
      rect(ctx, left, y + 4, width, 18, C.grid, 3);
      rect(ctx, left, y + 4, (width * value) / max, 18, i < 2 ? C.red : C.blue, 3);
      text(ctx, money(Math.round(value)), left + width + 10, y + 18, { size: 12, weight: 700 });
    });
    text(ctx, `Estimated total: ${money(Math.round(total))} a year on ${money(3600)} of goods`, 16, 242, {
      size: 13,
      weight: 700,
      color: C.navy,
    });
    loopFade(ctx, p);
  },
};
