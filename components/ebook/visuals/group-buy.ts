import { between, C, type ChapterVisual, circle, ease, frame, line, loopFade, money, rect, text } from "./canvas";

/** Chapter 7: a $36 four-pack split by four households vs $12 a bottle alone. */
const GROUP_BUY = { single: 12, pack: 36, households: 4, savingsRange: "15-30%" } as const;

export const groupBuy: ChapterVisual = {
  id: "chapter-7",
  chapterId: 7,
  title: "Group buying with neighbors",
  description:
    "Animation, illustrative example: four households join to split a $36 four-pack of detergent, so each pays $9 for a bottle that costs $12 alone, a 25% saving. Group buying typically saves 15-30%.",
  loopSeconds: 9,
  staticPhase: 0.83,
  draw(ctx, p) {
    const { single, pack, households, savingsRange } = GROUP_BUY;
    frame(ctx, `Split a ${money(pack)} four-pack with neighbors`);
    const cx = 150;
    const cy = 142;
    const joined = Math.min(households, Math.floor(between(p, 0.05, 0.55) * (households + 1)));
    const spots = Array.from({ length: households }, (_, i) => {
      const angle = -Math.PI / 2 + (i * Math.PI * 2) / households + Math.PI / 4;
      return { x: cx + Math.cos(angle) * 88, y: cy + Math.sin(angle) * 80, active: i < joined };
    });
    for (const h of spots) if (h.active) line(ctx, cx, cy, h.x, h.y, C.lightBlue, 3);
    rect(ctx, cx - 38, cy - 24, 76, 48, C.navy, 6);
    text(ctx, "4-pack", cx, cy - 3, { size: 12, weight: 700, color: "#ffffff", align: "center" });
    text(ctx, money(pack), cx, cy + 14, { size: 12, weight: 700, color: "#ffffff", align: "center" });
    spots.forEach((h, i) => {
      circle(ctx, h.x, h.y, 17, h.active ? C.blue : C.grid);
      text(ctx, `H${i + 1}`, h.x, h.y + 4, { size: 11, weight: 700, color: h.active ? "#ffffff" : C.muted, align: "center" });
    });
    // Price per bottle: alone vs shared by the households that joined.
    const perBottle = pack / households;
    const scale = 100 / single;
    text(ctx, "Price per bottle", 395, 56, { size: 12, weight: 700, align: "center" });
    rect(ctx, 320, 200 - single * scale, 60, single * scale, C.red);
    text(ctx, money(single), 350, 194 - single * scale, { size: 12, weight: 700, align: "center" });
    text(ctx, "Alone", 350, 216, { size: 11, color: C.muted, align: "center" });
    const shown = ease(between(p, 0.55, 0.7));
    rect(ctx, 410, 200 - perBottle * scale * shown, 60, perBottle * scale * shown, C.green);
    if (shown >= 1) {
      text(ctx, money(perBottle), 440, 194 - perBottle * scale, { size: 12, weight: 700, align: "center" });
      text(ctx, `Save ${Math.round((1 - perBottle / single) * 100)}%`, 440, 86, { size: 13, weight: 700, color: C.green, align: "center" });
    }
    text(ctx, "Shared", 440, 216, { size: 11, color: C.muted, align: "center" });
    text(ctx, `Typical group savings: ${savingsRange}, not a promise`, 16, 248, { size: 11, color: C.muted });
    loopFade(ctx, p);
  },
};
