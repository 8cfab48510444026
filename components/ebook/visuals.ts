/**
 * The chapter "videos": one small canvas animation per chapter, drawn from the example
 * numbers the chapter's transcript uses (all illustrative, labelled as examples on the
 * canvas). Pure drawing code with no React: `draw(ctx, p)` paints the frame at loop phase
 * `p` (0..1) on a 520 x 260 canvas (CSS pixels; the caller scales for the device
 * pixel ratio). Each visual loops every `loopSeconds`; `staticPhase` is the fully drawn
 * moment used as the single frame for visitors who prefer reduced motion. The caller
 * passes the loop phase: `visual.draw(ctx, loopPhase(t, visual.loopSeconds))`.
 * Unknown chapter ids get chapter 1's visual (docs/product-rules.md §8).
 */
import { percentOnShelfAfter, RAMP_DAYS, RAMP_MONTHS, RAMP_SOURCE } from "@/lib/tariffs/shelf-timing";

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

const C = {
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

const W = CANVAS_WIDTH;
const H = CANVAS_HEIGHT;

// ---------------------------------------------------------------- helpers

const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));
/** Ease-out cubic on 0..1. */
const ease = (x: number): number => 1 - (1 - clamp01(x)) ** 3;
/** Position in the loop, 0..1. */
export const loopPhase = (t: number, loop: number): number => (((t % loop) + loop) % loop) / loop;
/** 0..1 as `p` moves from `start` to `end`. */
const between = (p: number, start: number, end: number): number => clamp01((p - start) / (end - start));
const lerp = (a: number, b: number, x: number): number => a + (b - a) * x;
/** Item `i` of a non-empty list, clamped to its bounds. */
function at<L extends readonly [unknown, ...unknown[]]>(list: L, i: number): L[number] {
  return list[Math.min(Math.max(Math.floor(i), 0), list.length - 1)] ?? list[0];
}

const money = (n: number, cents = false): string =>
  `$${n.toLocaleString("en-US", { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: cents ? 2 : 0 })}`;

type TextOpts = { size?: number; weight?: number; color?: string; align?: CanvasTextAlign; baseline?: CanvasTextBaseline };

function text(ctx: CanvasRenderingContext2D, s: string, x: number, y: number, o: TextOpts = {}): void {
  ctx.font = `${o.weight ?? 400} ${o.size ?? 12}px system-ui, sans-serif`;
  ctx.fillStyle = o.color ?? C.text;
  ctx.textAlign = o.align ?? "left";
  ctx.textBaseline = o.baseline ?? "alphabetic";
  ctx.fillText(s, x, y);
}

function rect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, color: string, r = 4): void {
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

function line(ctx: CanvasRenderingContext2D, x1: number, y1: number, x2: number, y2: number, color: string, width = 1, dash: number[] = []): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
  ctx.setLineDash([]);
}

function circle(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

/** Background, title and the "example" note every frame carries. */
function frame(ctx: CanvasRenderingContext2D, title: string, note = "Illustrative example"): void {
  ctx.clearRect(0, 0, W, H);
  ctx.fillStyle = C.bg;
  ctx.fillRect(0, 0, W, H);
  text(ctx, title, 16, 26, { size: 15, weight: 700, color: C.navy });
  text(ctx, note, W - 16, 26, { size: 11, color: C.muted, align: "right" });
}

/** Fades the whole frame out during the last 6% of a loop, so the restart is not a jump. */
function loopFade(ctx: CanvasRenderingContext2D, p: number): void {
  const fade = between(p, 0.94, 1);
  if (fade <= 0) return;
  ctx.fillStyle = `rgba(248, 250, 252, ${fade.toFixed(3)})`;
  ctx.fillRect(0, 36, W, H - 36);
}

// ---------------------------------------------------------------- chapter data

/** Chapter 1: a 25% tariff on a $20 import cost, $40 shelf price, by pass-through share. */
export const PASS_THROUGH = {
  shelfPrice: 40,
  importCost: 20,
  tariffRate: 0.25,
  cases: [
    { label: "None passed on", share: 0 },
    { label: "Half passed on", share: 0.5 },
    { label: "All passed on", share: 1 },
  ],
} as const;

/**
 * Chapter 2: one shipment, days after the tariff takes effect, and the shelf price rising
 * evenly over the engine's ramp (lib/tariffs/shelf-timing.ts): from day 0 to RAMP_DAYS.
 */
export const SHIPMENT = {
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

/** Chapter 3: a sample household's yearly spending on often-imported goods ($3,600 a year). */
export const HOUSEHOLD = {
  importShare: 0.5,
  tariffRate: 0.2,
  categories: [
    { label: "Clothing and shoes", spend: 1200 },
    { label: "Electronics", spend: 900 },
    { label: "Home goods", spend: 800 },
    { label: "Auto parts", spend: 400 },
    { label: "Toys and hobbies", spend: 300 },
  ],
  scenarios: [
    { label: "Low", passThrough: 0.25 },
    { label: "Middle", passThrough: 0.5 },
    { label: "High", passThrough: 0.75 },
  ],
} as const;

/** Chapter 4: the 3-2-1 rule on a $280 stand mixer with a $220 budget line. */
export const RESEARCH = {
  budget: 220,
  options: [
    { label: "First price seen", price: 280 },
    { label: "Other brand, new", price: 230 },
    { label: "Same model, refurbished", price: 200 },
  ],
} as const;

/** Chapter 5: $900 a month of flexible goods with a 3% ($27) price-change buffer. */
export const BUDGET = {
  goods: 900,
  buffer: 27,
  months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  /** Price rise in the tariff-sensitive goods each month, absorbed by the buffer. */
  rise: [0, 0, 0, 0, 6, 12, 18, 22, 24, 27, 27, 27],
} as const;

/** Chapter 6: one need, several ways to meet it. */
export const ALTERNATIVES = {
  options: [
    { label: "Imported, after tariff", price: 135 },
    { label: "Domestic brand", price: 128 },
    { label: "Refurbished", price: 85 },
    { label: "Local repair", price: 40 },
  ],
} as const;

/** Chapter 7: a $36 four-pack split by four households vs $12 a bottle alone. */
export const GROUP_BUY = { single: 12, pack: 36, households: 4, savingsRange: "15-30%" } as const;

/** Chapter 8: example purchases by price and urgency (0 = can wait, 1 = needed now). */
export const PURCHASES = {
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

/** Chapter 9: the routine that keeps the habits going. */
export const ROUTINE = {
  steps: [
    { label: "Monthly", detail: "15-min check-in" },
    { label: "Quarterly", detail: "1-hour review" },
    { label: "Yearly", detail: "Look back" },
    { label: "Share", detail: "Help a neighbor" },
  ],
} as const;

// ---------------------------------------------------------------- the visuals

const passThrough: ChapterVisual = {
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

const shipment: ChapterVisual = {
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

const household: ChapterVisual = {
  id: "chapter-3",
  chapterId: 3,
  title: "A sample household's yearly exposure",
  description:
    "Animated bar chart, illustrative example: a sample household spends $3,600 a year on often-imported goods. With half of that as import cost and a 20% example tariff, its estimated yearly exposure by category is shown under low (25%), middle (50%) and high (75%) pass-through: about $90, $180 and $270 in total. Clothing and electronics are the largest categories.",
  loopSeconds: 12,
  staticPhase: 0.55,
  draw(ctx, p) {
    const { importShare, tariffRate, categories, scenarios } = HOUSEHOLD;
    // Morph low -> middle -> high across the loop.
    const stage = p * scenarios.length;
    const index = Math.min(scenarios.length - 1, Math.floor(stage));
    const from = at(scenarios, index - 1).passThrough;
    const to = at(scenarios, index).passThrough;
    const passThrough = index === 0 ? to * ease(between(stage, 0, 0.6)) : lerp(from, to, ease(between(stage - index, 0, 0.6)));
    frame(ctx, `Yearly exposure: ${at(scenarios, index).label.toLowerCase()} pass-through (${Math.round(to * 100)}%)`);
    const max = categories[0].spend * importShare * tariffRate * 0.75;
    const left = 150;
    const width = 280;
    let total = 0;
    categories.forEach((c, i) => {
      const y = 50 + i * 34;
      const value = c.spend * importShare * tariffRate * passThrough;
      total += value;
      text(ctx, c.label, 16, y + 17, { size: 12, weight: 600 });
      rect(ctx, left, y + 4, width, 18, C.grid, 3);
      rect(ctx, left, y + 4, (width * value) / max, 18, i < 2 ? C.red : C.blue, 3);
      text(ctx, money(Math.round(value)), left + width + 10, y + 18, { size: 12, weight: 700 });
    });
    text(ctx, `Estimated total: ${money(Math.round(total))} a year on ${money(3600)} of goods`, 16, 242, {
      size: 13,
      weight: 700,
      color: C.navy,
    });
    loopFade(ctx, p);
  },
};

const research: ChapterVisual = {
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

const budget: ChapterVisual = {
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

const alternatives: ChapterVisual = {
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

const groupBuy: ChapterVisual = {
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

const decisions: ChapterVisual = {
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

const journey: ChapterVisual = {
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

export const VISUALS: Readonly<Record<number, ChapterVisual>> = Object.freeze({
  1: passThrough,
  2: shipment,
  3: household,
  4: research,
  5: budget,
  6: alternatives,
  7: groupBuy,
  8: decisions,
  9: journey,
});

/** The chapter's visual; chapter 1's for any unknown id. */
export function visualFor(chapterId: number): ChapterVisual {
  return VISUALS[chapterId] ?? passThrough;
}

/** Sample price changes for the developer page's chart (not chapter content). */
export const TARIFF_IMPACT = {
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

export type VisualKey = number | "tariff-impact";

/** A visual by chapter id (unknown ids fall back to chapter 1) or by name. */
export function resolveVisual(key: VisualKey): ChapterVisual {
  return key === "tariff-impact" ? TARIFF_IMPACT_VISUAL : visualFor(key);
}
