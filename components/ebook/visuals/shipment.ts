import { percentOnShelfAfter, RAMP_DAYS, RAMP_MONTHS, RAMP_SOURCE } from "@/lib/tariffs/shelf-timing";
import { at, between, C, type ChapterVisual, circle, ease, frame, line, loopFade, rect, text, W } from "./canvas";

/**
 * Chapter 2: one shipment, days after the tariff takes effect, and the shelf price rising
 * evenly over the engine's ramp (lib/tariffs/shelf-timing.ts): from day 0 to RAMP_DAYS.
 */
const SHIPMENT = {
  days: 240,
  tickEvery: 60,
  window: { from: 0, to: RAMP_DAYS },
  stages: [
    { label: "Factory", day: 0 },
    { label: "Ocean", day: 14 },
    { label: "Customs (duty paid)", day: 30 },
    { label: "Warehouse", day: 45 },
    { label: "Store shelf", day: 60 },
  ],
} as const;

export const shipment: ChapterVisual = {
  id: "chapter-2",
  chapterId: 2,
  title: "From port to your pocket",
  description:
    `Animated timeline, illustrative example: one shipment moves from the factory across the ocean to customs, where the duty is paid, then to a warehouse and the store shelf. A shaded band marks the ${RAMP_MONTHS} months after a tariff takes effect over which shelf prices absorb it (${RAMP_SOURCE.short}), and a price line rises evenly inside it: about ${percentOnShelfAfter(90)}% of the rise by day 90.`,
  loopSeconds: 10,
  staticPhase: 0.85,
  draw(ctx, p) {
    const { days, tickEvery, window, stages } = SHIPMENT;
    frame(ctx, "Port to pocket: one shipment");
    const x0 = 40;
    const x1 = W - 30;
    const dayX = (d: number) => x0 + ((x1 - x0) * d) / days;
    const trackY = 70;
    const axisY = 214;
    // The months over which the shelf absorbs the tariff.
    rect(ctx, dayX(window.from), 102, dayX(window.to) - dayX(window.from), axisY - 102, C.lightAmber, 0);
    text(ctx, `Shelf price absorbs the tariff: about ${RAMP_MONTHS} months`, (dayX(window.from) + dayX(window.to)) / 2, 118, {
      size: 11,
      weight: 700,
      color: C.amber,
      align: "center",
    });
    // Axis.
    line(ctx, x0, axisY, x1, axisY, C.axis);
    for (let d = 0; d <= days; d += tickEvery) {
      line(ctx, dayX(d), axisY, dayX(d), axisY + 5, C.axis);
      text(ctx, `Day ${d}`, dayX(d), axisY + 18, { size: 11, color: C.muted, align: "center" });
    }
    text(ctx, "Days after the tariff takes effect", (x0 + x1) / 2, axisY + 34, { size: 10, color: C.muted, align: "center" });
    // The route and its stages.
    line(ctx, dayX(0), trackY, dayX(at(stages, stages.length - 1).day), trackY, C.axis, 2, [4, 4]);
    const today = days * ease(between(p, 0.02, 0.8));
    stages.forEach((s, i) => {
      const reached = today >= s.day;
      circle(ctx, dayX(s.day), trackY, 6, reached ? (i === 2 ? C.red : C.blue) : C.grid);
      // Labels alternate above and below the route so neighbours never overlap.
      text(ctx, s.label, dayX(s.day), i % 2 ? trackY + 22 : trackY - 12, {
        size: 11,
        weight: reached ? 700 : 400,
        color: reached ? C.text : C.muted,
        align: i === 0 ? "left" : "center",
      });
    });
    // The shipment itself.
    const lastStage = at(stages, stages.length - 1).day;
    rect(ctx, dayX(Math.min(today, lastStage)) - 9, trackY - 6, 18, 12, C.navy, 2);
    // Shelf price line: rising evenly through the window (the engine's linear ramp), then flat.
    const priceY = (d: number) => 196 - 56 * between(d, window.from, window.to);
    ctx.strokeStyle = C.red;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    for (let d = 0; d <= today; d += 1) {
      if (d === 0) ctx.moveTo(dayX(d), priceY(d));
      else ctx.lineTo(dayX(d), priceY(d));
    }
    ctx.stroke();
    text(ctx, "Shelf price", x0, 190, { size: 11, weight: 600, color: C.red });
    text(ctx, `Day ${Math.round(today)}`, x1, 158, { size: 13, weight: 700, color: C.navy, align: "right" });
    loopFade(ctx, p);
  },
};
