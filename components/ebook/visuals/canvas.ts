/** Canvas size, the visual type and the drawing helpers every scene shares. */
export const CANVAS_WIDTH = 520;
export const CANVAS_HEIGHT = 260;

export type ChapterVisual = {
  /** "chapter-1" ... "chapter-9", or "tariff-impact" for the developer page's chart. */
  id: string;
  chapterId: number;
  title: string;
  /** Text alternative: what the animation shows, for screen readers and as the caption. */
  description: string;
  loopSeconds: number;
  /** Phase (0..1) of the fully drawn moment: the single frame shown with reduced motion. */
  staticPhase: number;
  /** Paints the frame at loop phase `p` (0..1). */
  draw: (ctx: CanvasRenderingContext2D, p: number) => void;
};

export const C = {
  bg: "#f8fafc",
  grid: "#e2e8f0",
  axis: "#94a3b8",
  text: "#0f172a",
  muted: "#475569",
  navy: "#0b1b3f",
  blue: "#1d4ed8",
  lightBlue: "#93c5fd",
  red: "#b91c1c",
  lightRed: "#fecaca",
  green: "#15803d",
  lightGreen: "#bbf7d0",
  amber: "#b45309",
  lightAmber: "#fde68a",
} as const;

export const W = CANVAS_WIDTH;
const H = CANVAS_HEIGHT;

// ---------------------------------------------------------------- helpers

const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));
/** Ease-out cubic on 0..1. */
export const ease = (x: number): number => 1 - (1 - clamp01(x)) ** 3;
/** Position in the loop, 0..1. */
export const loopPhase = (t: number, loop: number): number => (((t % loop) + loop) % loop) / loop;
/** 0..1 as `p` moves from `start` to `end`. */
export const between = (p: number, start: number, end: number): number => clamp01((p - start) / (end - start));
export const lerp = (a: number, b: number, x: number): number => a + (b - a) * x;
/** Item `i` of a non-empty list, clamped to its bounds. */
export function at<L extends readonly [unknown, ...unknown[]]>(list: L, i: number): L[number] {
  return list[Math.min(Math.max(Math.floor(i), 0), list.length - 1)] ?? list[0];
}

export const money = (n: number, cents = false): string =>
  `$${n.toLocaleString("en-US", { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: cents ? 2 : 0 })}`;

type TextOpts = { size?: number; weight?: number; color?: string; align?: CanvasTextAlign; baseline?: CanvasTextBaseline };

export function text(ctx: CanvasRenderingContext2D, s: string, x: number, y: number, o: TextOpts = {}): void {
  ctx.font = `${o.weight ?? 400} ${o.size ?? 12}px system-ui, sans-serif`;
  ctx.fillStyle = o.color ?? C.text;
  ctx.textAlign = o.align ?? "left";
  ctx.textBaseline = o.baseline ?? "alphabetic";
  ctx.fillText(s, x, y);
}

export function rect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, color: string, r = 4): void {
  if (w <= 0 || h <= 0) return;
  const radius = Math.min(r, w / 2, h / 2);
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
  ctx.fill();
}

export function line(ctx: CanvasRenderingContext2D, x1: number, y1: number, x2: number, y2: number, color: string, width = 1, dash: number[] = []): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
  ctx.setLineDash([]);
}

export function circle(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

/** Background, title and the "example" note every frame carries. */
export function frame(ctx: CanvasRenderingContext2D, title: string, note = "Illustrative example"): void {
  ctx.clearRect(0, 0, W, H);
  ctx.fillStyle = C.bg;
  ctx.fillRect(0, 0, W, H);
  text(ctx, title, 16, 26, { size: 15, weight: 700, color: C.navy });
  text(ctx, note, W - 16, 26, { size: 11, color: C.muted, align: "right" });
}

/** Fades the whole frame out during the last 6% of a loop, so the restart is not a jump. */
export function loopFade(ctx: CanvasRenderingContext2D, p: number): void {
  const fade = between(p, 0.94, 1);
  if (fade <= 0) return;
  ctx.fillStyle = `rgba(248, 250, 252, ${fade.toFixed(3)})`;
  ctx.fillRect(0, 36, W, H - 36);
}

// ---------------------------------------------------------------- chapter data
