import { at, between, C, type ChapterVisual, circle, ease, frame, lerp, loopFade, text } from "./canvas";

/** Chapter 9: the routine that keeps the habits going. */
const ROUTINE = {
  steps: [
    { label: "Monthly", detail: "15-min check-in" },
    { label: "Quarterly", detail: "1-hour review" },
    { label: "Yearly", detail: "Look back" },
    { label: "Share", detail: "Help a neighbor" },
  ],
} as const;

export const journey: ChapterVisual = {
  id: "chapter-9",
  chapterId: 9,
  title: "Your routine, moving forward",
  description:
    "Animation: a path through the habits that keep savings going: a monthly 15-minute check-in around the CPI release, a quarterly one-hour review, a yearly look back at your decision log, and sharing what you know with a neighbor. A marker travels the path and lights each step as it passes.",
  loopSeconds: 10,
  staticPhase: 0.85,
  draw(ctx, p) {
    const { steps } = ROUTINE;
    frame(ctx, "Habits beat willpower", "Your routine");
    const points = steps.map((_, i) => ({ x: 70 + i * 127, y: i % 2 ? 104 : 172 })) as [{ x: number; y: number }, ...{ x: number; y: number }[]];
    // The path.
    ctx.strokeStyle = C.grid;
    ctx.lineWidth = 8;
    ctx.lineCap = "round";
    ctx.beginPath();
    points.forEach((pt, i) => (i === 0 ? ctx.moveTo(pt.x, pt.y) : ctx.lineTo(pt.x, pt.y)));
    ctx.stroke();
    const travel = ease(between(p, 0.03, 0.8)) * (points.length - 1);
    const segment = Math.min(points.length - 2, Math.floor(travel));
    const within = travel - segment;
    const a = at(points, segment);
    const b = at(points, segment + 1);
    const marker = { x: lerp(a.x, b.x, within), y: lerp(a.y, b.y, within) };
    ctx.strokeStyle = C.blue;
    ctx.beginPath();
    ctx.moveTo(points[0].x, points[0].y);
    for (let i = 1; i <= segment; i++) ctx.lineTo(at(points, i).x, at(points, i).y);
    ctx.lineTo(marker.x, marker.y);
    ctx.stroke();
    ctx.lineCap = "butt";
    steps.forEach((s, i) => {
      const reached = travel >= i - 0.001;
      const pt = at(points, i);
      circle(ctx, pt.x, pt.y, 16, reached ? C.green : "#ffffff");
      ctx.strokeStyle = reached ? C.green : C.axis;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(pt.x, pt.y, 16, 0, Math.PI * 2);
      ctx.stroke();
      text(ctx, String(i + 1), pt.x, pt.y + 4, { size: 12, weight: 700, color: reached ? "#ffffff" : C.muted, align: "center" });
      const labelY = i % 2 ? pt.y - 40 : pt.y + 36;
      text(ctx, s.label, pt.x, labelY, { size: 12, weight: 700, color: reached ? C.text : C.muted, align: "center" });
      text(ctx, s.detail, pt.x, labelY + 14, { size: 11, color: C.muted, align: "center" });
    });
    circle(ctx, marker.x, marker.y, 7, C.navy);
    loopFade(ctx, p);
  },
};
