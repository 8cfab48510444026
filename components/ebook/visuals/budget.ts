import { between, C, type ChapterVisual, ease, frame, line, loopFade, money, rect, text } from "./canvas";

/** Chapter 5: $900 a month of flexible goods with a 3% ($27) price-change buffer. */
const BUDGET = {
  goods: 900,
  buffer: 27,
  months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  /** Price rise in the tariff-sensitive goods each month, absorbed by the buffer. */
  rise: [0, 0, 0, 0, 6, 12, 18, 22, 24, 27, 27, 27],
} as const;

export const budget: ChapterVisual = {
  id: "chapter-5",
  chapterId: 5,
  title: "A monthly budget with a price-change buffer",
  description:
    "Animated stacked bar chart, illustrative example: $900 a month of flexible goods plus a $27 (3%) price-change buffer, month by month. From May the tariff-sensitive goods cost up to $27 more; the increase is taken out of the buffer, so the monthly total stays at $927 and the rest of the budget is untouched.",
  loopSeconds: 10,
  staticPhase: 0.85,
  draw(ctx, p) {
    const { goods, buffer, months, rise } = BUDGET;
    frame(ctx, `${money(goods)} of goods + a ${money(buffer)} buffer`);
    const floor = 860;
    const ceiling = 940;
    const base = 214;
    const top = 60;
    const y = (v: number) => base - ((v - floor) / (ceiling - floor)) * (base - top);
    const barW = 26;
    months.forEach((m, i) => {
      const shown = ease(between(p, 0.03 + i * 0.055, 0.09 + i * 0.055));
      if (shown <= 0) return;
      const x = 44 + i * 37;
      const r = rise[i] ?? 0;
      const goodsTop = y(goods);
      rect(ctx, x, goodsTop, barW, (base - goodsTop) * shown, C.blue, 2);
      if (shown >= 1) {
        rect(ctx, x, y(goods + r), barW, goodsTop - y(goods + r), C.red, 0);
        rect(ctx, x, y(goods + buffer), barW, y(goods + r) - y(goods + buffer), C.green, 0);
      }
      text(ctx, m, x + barW / 2, base + 14, { size: 10, color: C.muted, align: "center" });
    });
    line(ctx, 40, y(goods + buffer), 492, y(goods + buffer), C.navy, 1.5, [5, 4]);
    text(ctx, `Total stays ${money(goods + buffer)}`, 492, y(goods + buffer) - 6, { size: 11, weight: 700, color: C.navy, align: "right" });
    text(ctx, `Axis starts at ${money(floor)}`, 16, 252, { size: 10, color: C.muted });
    rect(ctx, 150, 243, 10, 10, C.blue, 2);
    text(ctx, "Goods", 164, 252, { size: 11, color: C.muted });
    rect(ctx, 215, 243, 10, 10, C.red, 2);
    text(ctx, "Price rise", 229, 252, { size: 11, color: C.muted });
    rect(ctx, 300, 243, 10, 10, C.green, 2);
    text(ctx, "Buffer left", 314, 252, { size: 11, color: C.muted });
    loopFade(ctx, p);
  },
};
