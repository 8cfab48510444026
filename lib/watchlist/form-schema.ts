import { z } from "zod";
import { isIso2 } from "./countries";
import { HORIZONS, MESSAGES, NAME_MAX, PER_YEAR_MAX, PRICE_MAX_DOLLARS, THRESHOLD_MAX, THRESHOLD_MIN, type AddWatchBody } from "./schema";

/**
 * The add-item form as typed (text fields), validated in the browser with the API's
 * messages, and turned into the POST /api/watchlist body.
 */
const optionalNumber = (message: string, check: (n: number) => boolean) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d+(\.\d+)?$/.test(v) && check(Number(v))), { error: message });

export const itemFormSchema = z
  .object({
    name: z.string().trim().min(1, { error: MESSAGES.name }).max(NAME_MAX, { error: MESSAGES.name }),
    htsCode: z.string().trim(),
    categoryId: z.string().trim(),
    price: z
      .string()
      .trim()
      .refine((v) => /^\d+(\.\d{1,2})?$/.test(v.replace(/^\$/, "")) && Number(v.replace(/^\$/, "")) > 0 && Number(v.replace(/^\$/, "")) <= PRICE_MAX_DOLLARS, {
        error: MESSAGES.price,
      }),
    madeIn: z.string().trim().refine((v) => v === "" || isIso2(v), { error: MESSAGES.madeIn }),
    perYear: optionalNumber(MESSAGES.perYear, (n) => Number.isInteger(n) && n >= 1 && n <= PER_YEAR_MAX),
    threshold: optionalNumber(MESSAGES.threshold, (n) => n >= THRESHOLD_MIN && n <= THRESHOLD_MAX),
    horizonDays: z.string().refine((v) => (HORIZONS as readonly number[]).includes(Number(v)), { error: MESSAGES.horizonDays }),
  })
  .superRefine((v, ctx) => {
    if (!v.htsCode && !v.categoryId) ctx.addIssue({ code: "custom", path: ["categoryId"], message: MESSAGES.itemTarget });
  });

export type ItemForm = z.infer<typeof itemFormSchema>;

export function itemBody(v: ItemForm): AddWatchBody {
  return {
    kind: "item",
    name: v.name,
    ...(v.htsCode ? { htsCode: v.htsCode } : { categoryId: v.categoryId }),
    price: Number(v.price.replace(/^\$/, "")),
    ...(v.madeIn ? { madeIn: v.madeIn } : {}),
    ...(v.perYear ? { perYear: Number(v.perYear) } : {}),
    ...(v.threshold ? { threshold: Number(v.threshold) } : {}),
    horizonDays: Number(v.horizonDays),
  };
}
