import { z } from "zod";

/**
 * The price diary's input (docs/alerts.md, "Price diary"): the API's body schema and the
 * form's messages. No server imports, so the form (components/watchlist/price-diary-form.tsx)
 * checks the same rules before it sends.
 */
export const SHOP_MAX = 80;
export const FIRST_DAY = "2000-01-01";
/** Prices below $1,000,000: at most 99,999,999 cents. */
export const PRICE_MAX_CENTS = 99_999_999;
/** Entries one watch's diary keeps. */
export const ENTRIES_PER_WATCH = 200;

export const DIARY_MESSAGES = {
  paidOn: "Enter the day you paid, as YYYY-MM-DD, from 2000-01-01 to today.",
  future: "The day you paid cannot be in the future.",
  price: "Enter the price you paid in dollars: more than $0 and less than $1,000,000, at most 2 decimals.",
  shop: `The shop's name is at most ${SHOP_MAX} characters on one line.`,
} as const;

function isRealDay(s: string): boolean {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(s) ? Date.parse(`${s}T00:00:00Z`) : NaN;
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
}

/** The body of an add (POST): {paidOn, price (dollars), shop?}. The day is checked against today by `addPriceEntry`. */
export const priceEntrySchema = z.strictObject(
  {
    paidOn: z
      .string({ error: DIARY_MESSAGES.paidOn })
      .refine(isRealDay, { error: DIARY_MESSAGES.paidOn })
      .refine((s) => s >= FIRST_DAY, { error: DIARY_MESSAGES.paidOn }),
    price: z
      .number({ error: DIARY_MESSAGES.price })
      .gt(0, { error: DIARY_MESSAGES.price })
      .refine((n) => Number.isFinite(n) && Math.round(n * 100) <= PRICE_MAX_CENTS && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
        error: DIARY_MESSAGES.price,
      }),
    shop: z
      .string({ error: DIARY_MESSAGES.shop })
      .trim()
      .max(SHOP_MAX, { error: DIARY_MESSAGES.shop })
      .refine((s) => !/[\r\n\v\f\u0085\u2028\u2029]/.test(s), { error: DIARY_MESSAGES.shop })
      .optional()
      .nullable(),
  },
  { error: "Send paidOn, price and optionally shop." },
);
export type PriceEntryInput = z.infer<typeof priceEntrySchema>;
