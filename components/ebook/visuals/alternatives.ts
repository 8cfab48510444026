import { between, C, type ChapterVisual, ease, frame, loopFade, money, rect, text } from "./canvas";

/** Chapter 6: one need, several ways to meet it. */
const ALTERNATIVES = {
  options: [
    { label: "Imported, after tariff", price: 135 },
    { label: "Domestic brand", price: 128 },
    { label: "Refurbished", price: 85 },
    { label: "Local repair", price: 40 },
  ],
} as const;

export const alternatives: ChapterVisual = {
  id: "chapter-6",
  chapterId: 6,
  title: "Alternatives to a tariffed import",
  description:
    "Animated bar chart, illustrative example: ways to meet one need compared by cost: the imported product after the tariff at $135, a domestic brand at $128, a refurbished unit at $85 and a local repair of the old one at $40.",
  loopSeconds: 9,
  staticPhase: 0.83,
  draw(ctx, p) {
    const { options } = ALTERNATIVES;
    frame(ctx, "One need, four ways to meet it");
    const left = 170;
    const scale = 220 / options[0].price;
    options.forEach((o, i) => {
      const y = 56 + i * 44;
      const grow = ease(between(p, 0.05 + i * 0.12, 0.3 + i * 0.12));
      text(ctx, o.label, 16, y + 20, { size: 12, weight: 600 });
      rect(ctx, left, y + 4, o.price * scale * grow, 24, i === 0 ? C.red : i === 1 ? C.blue : C.green);
      if (grow >= 1) {
        const saved = options[0].price - o.price;
        text(ctx, i === 0 ? money(o.price) : `${money(o.price)}  (save ${money(saved)})`, left + o.price * scale + 8, y + 21, {
          size: 12,
          weight: 700,
        });
      }
    });
    text(ctx, "Check: does it do the job, total cost, origin, fits the budget?", 16, 248, { size: 11, color: C.muted });
    loopFade(ctx, p);
  },
};
