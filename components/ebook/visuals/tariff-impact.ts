import { between, C, type ChapterVisual, ease, frame, line, loopFade, rect, text, W } from "./canvas";

/** Sample price changes for the developer page's chart (not chapter content). */
const TARIFF_IMPACT = {
  categories: [
    { label: "Electronics", change: 12 },
    { label: "Apparel", change: 8 },
    { label: "Furniture", change: 10 },
    { label: "Toys", change: 14 },
    { label: "Auto parts", change: 6 },
    { label: "Coffee", change: 5 },
  ],
} as const;

/** The /multimedia-test canvas: an animated bar chart of sample price changes. */
export const TARIFF_IMPACT_VISUAL: ChapterVisual = {
  id: "tariff-impact",
  chapterId: 0,
  title: "Tariff impact analysis",
  description:
    "Animated bar chart with sample data: estimated price changes by category after new tariffs, from 5% for coffee to 14% for toys; the bars grow in turn and the chart repeats.",
  loopSeconds: 6,
  staticPhase: 0.8,
  draw(ctx, p) {
    const { categories } = TARIFF_IMPACT;
    frame(ctx, "Tariff Impact Analysis", "Sample data");
    const base = 214;
    const top = 56;
    const max = 16;
    const barW = 52;
    line(ctx, 36, base, W - 20, base, C.axis);
    for (let v = 0; v <= max; v += 4) {
      const y = base - ((base - top) * v) / max;
      line(ctx, 36, y, W - 20, y, C.grid);
      text(ctx, `${v}%`, 30, y + 4, { size: 10, color: C.muted, align: "right" });
    }
    categories.forEach((c, i) => {
      const grow = ease(between(p, 0.04 + i * 0.08, 0.3 + i * 0.08));
      const x = 52 + i * 77;
      const h = ((base - top) * c.change * grow) / max;
      rect(ctx, x, base - h, barW, h, c.change >= 10 ? C.red : C.blue);
      if (grow >= 1) text(ctx, `+${c.change}%`, x + barW / 2, base - h - 6, { size: 12, weight: 700, align: "center" });
      text(ctx, c.label, x + barW / 2, base + 16, { size: 11, color: C.muted, align: "center" });
    });
    loopFade(ctx, p);
  },
};
