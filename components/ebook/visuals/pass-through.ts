import { between, C, type ChapterVisual, ease, frame, loopFade, money, rect, text } from "./canvas";

/** Chapter 1: a 25% tariff on a $20 import cost, $40 shelf price, by pass-through share. */
const PASS_THROUGH = {
  shelfPrice: 40,
  importCost: 20,
  tariffRate: 0.25,
  cases: [
    { label: "None passed on", share: 0 },
    { label: "Half passed on", share: 0.5 },
    { label: "All passed on", share: 1 },
  ],
} as const;

export const passThrough: ChapterVisual = {
  id: "chapter-1",
  chapterId: 1,
  title: "Tariff pass-through on a $40 item",
  description:
    "Animated bar chart, illustrative example: a 25% tariff on a $20 import cost adds $5 of duty. The $40 shelf price stays $40 when none is passed on, becomes $42.50 when half is passed on and $45 when all of it is, a 12.5% increase rather than 25%.",
  loopSeconds: 8,
  staticPhase: 0.75,
  draw(ctx, p) {
    const { shelfPrice, importCost, tariffRate, cases } = PASS_THROUGH;
    const duty = importCost * tariffRate;
    frame(ctx, "Who pays a 25% tariff on a $20 import?");
    const left = 132;
    const scale = 240 / (shelfPrice + duty);
    cases.forEach((c, i) => {
      const y = 62 + i * 58;
      const grow = ease(between(p, 0.05 + i * 0.1, 0.3 + i * 0.1));
      const added = duty * c.share * ease(between(p, 0.3 + i * 0.1, 0.45 + i * 0.1));
      text(ctx, c.label, 16, y + 22, { size: 12, weight: 600 });
      rect(ctx, left, y, shelfPrice * scale * grow, 32, C.blue);
      rect(ctx, left + shelfPrice * scale * grow, y, added * scale, 32, C.red, 2);
      if (grow >= 1) {
        const price = shelfPrice + added;
        const pct = ((price - shelfPrice) / shelfPrice) * 100;
        text(ctx, `${money(price, true)}  (+${Number(pct.toFixed(2))}%)`, left + (shelfPrice + duty) * scale + 8, y + 21, {
          size: 12,
          weight: 700,
          color: added > 0 ? C.red : C.text,
        });
      }
    });
    rect(ctx, 16, 236, 12, 12, C.blue, 2);
    text(ctx, "Shelf price before the tariff ($40)", 34, 246, { size: 11, color: C.muted });
    rect(ctx, 250, 236, 12, 12, C.red, 2);
    text(ctx, `Duty passed on (up to ${money(duty)})`, 268, 246, { size: 11, color: C.muted });
    loopFade(ctx, p);
  },
};
