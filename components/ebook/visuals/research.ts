import { between, C, type ChapterVisual, circle, ease, frame, line, loopFade, money, rect, text } from "./canvas";

/** Chapter 4: the 3-2-1 rule on a $280 stand mixer with a $220 budget line. */
const RESEARCH = {
  budget: 220,
  options: [
    { label: "First price seen", price: 280 },
    { label: "Other brand, new", price: 230 },
    { label: "Same model, refurbished", price: 200 },
  ],
} as const;

export const research: ChapterVisual = {
  id: "chapter-4",
  chapterId: 4,
  title: "The 3-2-1 rule on a $280 purchase",
  description:
    "Animated chart, illustrative example: a $280 stand mixer is above the $50 threshold, so the shopper waits 3 days, compares 2 alternatives (a different brand at $230 and the same model refurbished at $200) and buys the 1 option under the $220 budget line: the refurbished one.",
  loopSeconds: 10,
  staticPhase: 0.85,
  draw(ctx, p) {
    const { budget, options } = RESEARCH;
    frame(ctx, "Wait 3 days, compare 2, buy the 1 that fits");
    const base = 220;
    const top = 58;
    const scale = (base - top) / 300;
    const budgetY = base - budget * scale;
    // Day counter.
    const day = Math.min(3, Math.floor(between(p, 0.02, 0.3) * 4));
    for (let d = 1; d <= 3; d++) {
      circle(ctx, 380 + d * 30, 60, 10, d <= day ? C.blue : C.grid);
      text(ctx, String(d), 380 + d * 30, 64, { size: 11, weight: 700, color: d <= day ? "#ffffff" : C.muted, align: "center" });
    }
    text(ctx, "Days waited", 365, 64, { size: 11, color: C.muted, align: "right" });
    options.forEach((o, i) => {
      const x = 60 + i * 130;
      const shown = i === 0 ? ease(between(p, 0.02, 0.15)) : ease(between(p, 0.3 + (i - 1) * 0.15, 0.45 + (i - 1) * 0.15));
      const h = o.price * scale * shown;
      const fits = o.price <= budget;
      const chosen = fits && p > 0.7;
      rect(ctx, x, base - h, 80, h, chosen ? C.green : fits ? C.lightGreen : C.lightRed);
      if (shown > 0.99) text(ctx, money(o.price), x + 40, base - h + 30, { size: 13, weight: 700, color: chosen ? "#ffffff" : C.text, align: "center" });
      text(ctx, o.label, x + 40, base + 16, { size: 11, weight: chosen ? 700 : 400, color: chosen ? C.green : C.text, align: "center" });
      if (chosen) text(ctx, "Buy this one", x + 40, base - h + 50, { size: 11, weight: 700, color: "#ffffff", align: "center" });
    });
    line(ctx, 40, budgetY, 504, budgetY, C.navy, 2, [6, 4]);
    text(ctx, "Budget plan", 504, budgetY - 20, { size: 11, weight: 700, color: C.navy, align: "right" });
    text(ctx, money(budget), 504, budgetY - 6, { size: 11, weight: 700, color: C.navy, align: "right" });
    text(ctx, "Above the $50 threshold, not urgent", 16, 250, { size: 11, color: C.muted });
    loopFade(ctx, p);
  },
};
