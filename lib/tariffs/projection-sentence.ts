/**
 * The one sentence every projection opens with (docs/tariffs.md, "Plain words first"): in
 * dollars on the subscriber's own price when they gave one and their plan shows dollars, else
 * in percent with the plain reason; with the month the change is fully on the shelf and the
 * day it starts. The watch page, the watchlist row, the alert emails and the digest, and the
 * API's `sentence` all call this with the same stored figures. Pure.
 */
import { formatPeriod } from "@/lib/economy/periods";
import { dollarsOn, priceText } from "./price-change";
import type { SentenceFacts } from "./projection-document";

export type SentenceOptions = {
  /** The watch's name, else its category's ("Leather work boots", "Footwear"). */
  item: string;
  priceCents: number | null;
  /** null: dollars are shown; else the plan that adds dollar figures on one's own price. */
  dollarsPlan: string | null;
};

/** "July 24, 2026" */
export function dayText(day: string): string {
  const month = formatPeriod(day.slice(0, 7)).split(" ")[0];
  return `${month} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;
}

/** "February 2027" */
export function monthText(day: string): string {
  return formatPeriod(day.slice(0, 7));
}

/** "$0.61" (no sign) */
function dollars(cents: number): string {
  return priceText(Math.abs(cents));
}

/** "0.51%" (no sign) */
function percent(pct: number): string {
  return `${Math.abs(pct).toFixed(2)}%`;
}

/** "range $0.31 to $1.72" or, when the bounds differ in sign from each other, "range −$0.10 to +$0.40". */
function range(a: number, b: number, unit: (x: number) => string): string {
  const [lo, hi] = Math.abs(a) <= Math.abs(b) ? [a, b] : [b, a];
  if (lo * hi < 0) {
    const signed = (x: number) => `${x < 0 ? "−" : "+"}${unit(x)}`;
    return `range ${signed(Math.min(a, b))} to ${signed(Math.max(a, b))}`;
  }
  return `range ${unit(lo)} to ${unit(hi)}`;
}

function fromText(f: SentenceFacts): string {
  if (!f.firstChange) return "";
  const first = dayText(f.firstChange);
  if (f.status === "ramping") {
    return f.changeCount === 1 ? `, still reaching shelves from the tariff change of ${first}` : `, still reaching shelves from ${f.changeCount} tariff changes since ${first}`;
  }
  return f.changeCount === 1 ? `, from the tariff change on ${first}` : `, from ${f.changeCount} tariff changes starting ${first}`;
}

export function projectionSentence(f: SentenceFacts, o: SentenceOptions): string {
  const item = o.item.trim() || "this item";
  if (f.status === "unknown" || f.band === null) {
    return `We cannot project a price change for ${item}: ${(f.reason ?? "a needed input is unknown.").replace(/^./, (c) => c.toLowerCase())}`;
  }
  if (f.status === "none") {
    return `No tariff change touches ${item} before ${dayText(f.horizonEnd)}, the end of your horizon, so we expect no price change from tariffs.`;
  }
  const { band } = f;
  const by = f.by ? ` by ${monthText(f.by)}` : "";
  if (o.priceCents !== null && o.dollarsPlan === null) {
    const cents = dollarsOn(o.priceCents, band);
    const head =
      cents.central === 0
        ? `About the same price for your ${priceText(o.priceCents)} ${item}${by}`
        : `About ${dollars(cents.central)} ${cents.central > 0 ? "more" : "less"} on your ${priceText(o.priceCents)} ${item}${by}`;
    return `${head} (${range(cents.low, cents.high, dollars)})${fromText(f)}.`;
  }
  const head =
    Number(band.central.toFixed(2)) === 0
      ? `About the same price for ${item}${by}`
      : `About ${percent(band.central)} ${band.central > 0 ? "more" : "less"} on ${item}${by}`;
  const why =
    o.priceCents === null
      ? "give the price you paid for an item to see it in dollars"
      : `dollar figures on your own price come with the ${o.dollarsPlan}`;
  return `${head} (${range(band.low, band.high, percent)})${fromText(f)}. In percent: ${why}.`;
}
