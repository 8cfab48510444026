import { z } from "zod";
import { oneLine } from "@/lib/format";
import { isIso2 } from "./countries";

/**
 * What a subscriber sends to watch a category or an item (POST /api/watchlist) and to
 * change a watch (PATCH /api/watchlist/[id]); one message per field. Safe in the browser:
 * the forms validate with the same rules (lib/watchlist/form-schema.ts turns their text
 * fields into these values).
 */
export const HORIZONS = [30, 90, 180, 365] as const;
export type HorizonDays = (typeof HORIZONS)[number];

export const PRICE_MAX_DOLLARS = 100_000;
export const THRESHOLD_MIN = 0.5;
export const THRESHOLD_MAX = 50;
export const PER_YEAR_MAX = 1000;
export const NAME_MAX = 120;
export const SNOOZE_MAX_DAYS = 90;

export const MESSAGES = {
  categoryId: "Choose a category.",
  name: "Give the item a name (1 to 120 characters).",
  price: `Enter the price in dollars: more than $0 and at most $${PRICE_MAX_DOLLARS.toLocaleString("en-US")}.`,
  madeIn: "Choose the country from the list (a two-letter ISO country code such as VN).",
  perYear: `How many you buy a year: a whole number from 1 to ${PER_YEAR_MAX}.`,
  threshold: `The alert threshold is a percentage from ${THRESHOLD_MIN}% to ${THRESHOLD_MAX}%.`,
  horizonDays: "The horizon is 30, 90, 180 or 365 days.",
  htsCode: "Enter an HTS code like 6403.99.60, or pick one from the search.",
  itemTarget: "Choose a category or pin the item to an HTS line.",
  snoozeDays: `Snooze for 0 to ${SNOOZE_MAX_DAYS} days.`,
} as const;

const categoryId = z.string({ error: MESSAGES.categoryId }).trim().min(1, { error: MESSAGES.categoryId }).max(80, { error: MESSAGES.categoryId });
const threshold = z
  .number({ error: MESSAGES.threshold })
  .min(THRESHOLD_MIN, { error: MESSAGES.threshold })
  .max(THRESHOLD_MAX, { error: MESSAGES.threshold });
const horizonDays = z
  .number({ error: MESSAGES.horizonDays })
  .refine((v): v is HorizonDays => (HORIZONS as readonly number[]).includes(v), { error: MESSAGES.horizonDays });

// On one line: a pasted line break becomes a space (the name reaches email subjects and SMS).
const name = z.string({ error: MESSAGES.name }).overwrite(oneLine).min(1, { error: MESSAGES.name }).max(NAME_MAX, { error: MESSAGES.name });
const price = z.number({ error: MESSAGES.price }).gt(0, { error: MESSAGES.price }).max(PRICE_MAX_DOLLARS, { error: MESSAGES.price });
const madeIn = z
  .string({ error: MESSAGES.madeIn })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isIso2, { error: MESSAGES.madeIn });
const perYear = z.number({ error: MESSAGES.perYear }).int({ error: MESSAGES.perYear }).min(1, { error: MESSAGES.perYear }).max(PER_YEAR_MAX, { error: MESSAGES.perYear });

/** A dotted HTS code as the tables print it ("6403.99.60", "6403.99.60.75"); digits-only or "6403.99.6075" input is dotted. */
export const htsCodeField = z
  .string({ error: MESSAGES.htsCode })
  .trim()
  .transform((v) => v.replace(/\s/g, ""))
  .refine((v) => /^\d{4}\.\d{2}(\.\d{2}(\.?\d{2})?)?$/.test(v) || /^\d{6}(\d{2}(\d{2})?)?$/.test(v), { error: MESSAGES.htsCode })
  .transform((v) => dotted(v));

/** "64039960" -> "6403.99.60", "6403.99.6075" -> "6403.99.60.75". */
export function dotted(code: string): string {
  const digits = code.replace(/\./g, "");
  const parts = [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8), digits.slice(8, 10)].filter(Boolean);
  return parts.join(".");
}

export const addWatchSchema = z
  .object({
    kind: z.enum(["category", "item"], { error: 'kind is "category" or "item".' }).optional(),
    categoryId: categoryId.optional(),
    htsCode: htsCodeField.optional(),
    name: name.optional(),
    price: price.optional(),
    madeIn: madeIn.optional(),
    perYear: perYear.optional(),
    threshold: threshold.optional(),
    horizonDays: horizonDays.optional(),
  })
  .superRefine((v, ctx) => {
    const kind = v.kind ?? (v.name !== undefined || v.htsCode !== undefined || v.price !== undefined ? "item" : "category");
    if (kind === "category") {
      if (!v.categoryId) ctx.addIssue({ code: "custom", path: ["categoryId"], message: MESSAGES.categoryId });
      return;
    }
    if (v.name === undefined) ctx.addIssue({ code: "custom", path: ["name"], message: MESSAGES.name });
    if (v.price === undefined) ctx.addIssue({ code: "custom", path: ["price"], message: MESSAGES.price });
    if (!v.categoryId && !v.htsCode) ctx.addIssue({ code: "custom", path: ["categoryId"], message: MESSAGES.itemTarget });
  })
  .transform((v) => {
    const kind = v.kind ?? (v.name !== undefined || v.htsCode !== undefined || v.price !== undefined ? "item" : "category");
    return { ...v, kind } as const;
  });

export type AddWatchBody = z.input<typeof addWatchSchema>;
export type AddWatch = z.output<typeof addWatchSchema>;

/** What an item's own details may change to (PATCH): its name, price, origin (null clears it) and yearly quantity (null clears it). */
const ITEM_FIELDS = ["name", "price", "madeIn", "perYear"] as const;

export const updateWatchSchema = z
  .object({
    name: name.optional(),
    price: price.optional(),
    madeIn: madeIn.nullable().optional(),
    perYear: perYear.nullable().optional(),
    threshold: threshold.nullable().optional(),
    horizonDays: horizonDays.optional(),
    snoozeDays: z
      .number({ error: MESSAGES.snoozeDays })
      .int({ error: MESSAGES.snoozeDays })
      .min(0, { error: MESSAGES.snoozeDays })
      .max(SNOOZE_MAX_DAYS, { error: MESSAGES.snoozeDays })
      .optional(),
  })
  .refine((v) => v.threshold !== undefined || v.horizonDays !== undefined || v.snoozeDays !== undefined || ITEM_FIELDS.some((f) => v[f] !== undefined), {
    error: "Send threshold, horizonDays, snoozeDays, or an item's name, price, madeIn or perYear.",
  });

/** True when the change touches an item's own details (refused on a category watch). */
export function changesItemDetails(input: UpdateWatch): boolean {
  return ITEM_FIELDS.some((f) => input[f] !== undefined);
}

export type UpdateWatch = z.output<typeof updateWatchSchema>;
