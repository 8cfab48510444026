import { between, C, type ChapterVisual, circle, ease, frame, lerp, line, loopFade, money, rect, text, W } from "./canvas";

/** Chapter 8: example purchases by price and urgency (0 = can wait, 1 = needed now). */
const PURCHASES = {
  threshold: 50,
  items: [
    { label: "Laptop", price: 900, urgency: 0.3 },
    { label: "Sofa", price: 700, urgency: 0.04 },
    { label: "Stand mixer", price: 280, urgency: 0.15 },
    { label: "Refrigerator", price: 1100, urgency: 0.9 },
    { label: "Winter boots", price: 90, urgency: 0.7 },
    { label: "Coffee", price: 14, urgency: 0.5 },
    { label: "Phone charger", price: 20, urgency: 0.85 },
  ],
} as const;

export const decisions: ChapterVisual = {
  id: "chapter-8",
  chapterId: 8,
  title: "Purchases by price and urgency",
  description:
    "Animated scatter chart, illustrative example: purchases placed by price and urgency. Items above the $50 threshold that can wait (laptop $900, sofa $700, stand mixer $280) call for the 3-2-1 rule; urgent ones above it (refrigerator $1,100, winter boots $90) get a quick comparison of two options; items under $50 (coffee, phone charger) get a quick check.",
  loopSeconds: 10,
  staticPhase: 0.85,
  draw(ctx, p) {
    const { threshold, items } = PURCHASES;
    frame(ctx, "Where each purchase lands");
    const x0 = 64;
    const x1 = W - 20;
    const yTop = 44;
    const yBottom = 216;
    const min = Math.log10(10);
    const max = Math.log10(3000);
    const py = (price: number) => yBottom - ((Math.log10(price) - min) / (max - min)) * (yBottom - yTop);
    const px = (u: number) => x0 + u * (x1 - x0);
    // Regions.
    rect(ctx, x0, yTop, (x1 - x0) / 2, py(threshold) - yTop, "#dbeafe", 0);
    rect(ctx, px(0.5), yTop, (x1 - x0) / 2, py(threshold) - yTop, "#fef3c7", 0);
    rect(ctx, x0, py(threshold), x1 - x0, yBottom - py(threshold), "#dcfce7", 0);
    text(ctx, "Can wait: use 3-2-1", x0 + 6, yTop + 14, { size: 11, weight: 700, color: C.blue });
    text(ctx, "Urgent: compare 2 fast", x1 - 6, yTop + 14, { size: 11, weight: 700, color: C.amber, align: "right" });
    text(ctx, "Under $50: quick check", x0 + 6, yBottom - 6, { size: 11, weight: 700, color: C.green });
    line(ctx, x0, py(threshold), x1, py(threshold), C.navy, 2, [6, 4]);
    text(ctx, `${money(threshold)} threshold`, x0 + 6, py(threshold) - 5, { size: 11, weight: 700, color: C.navy });
    // Axes.
    line(ctx, x0, yTop, x0, yBottom, C.axis);
    line(ctx, x0, yBottom, x1, yBottom, C.axis);
    for (const price of [10, 50, 100, 500, 1000]) text(ctx, money(price), x0 - 6, py(price) + 4, { size: 10, color: C.muted, align: "right" });
    text(ctx, "Can wait", x0, yBottom + 16, { size: 11, color: C.muted });
    text(ctx, "Needed now", x1, yBottom + 16, { size: 11, color: C.muted, align: "right" });
    text(ctx, "Urgency", (x0 + x1) / 2, yBottom + 16, { size: 11, weight: 600, color: C.muted, align: "center" });
    items.forEach((item, i) => {
      const shown = ease(between(p, 0.05 + i * 0.08, 0.15 + i * 0.08));
      if (shown <= 0) return;
      const x = px(item.urgency);
      const y = lerp(yTop, py(item.price), shown);
      circle(ctx, x, y, 6, item.price < threshold ? C.green : item.urgency >= 0.5 ? C.amber : C.blue);
      // Labels go on the side with room: right of the point on the left half, left of it on the right half.
      const right = item.urgency < 0.6;
      if (shown >= 1) text(ctx, `${item.label} ${money(item.price)}`, right ? x + 9 : x - 9, y + 4, { size: 11, weight: 600, align: right ? "left" : "right" });
    });
    loopFade(ctx, p);
  },
};
