import { z } from "zod";

/** An optional variable: trimmed, and "" counts as unset. */
export const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** A signing secret of at least 32 characters. */
export const secret32 = optionalString.pipe(
  z.string().min(32, "must be at least 32 characters (for example: openssl rand -base64 48)").optional(),
);

/** Whole minutes of a timer, 0 = off, checked by `range`. */
export const minutes = (range: (n: number) => boolean, message: string) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number of minutes (0 turns the timer off)")
      .transform(Number)
      .refine(range, message)
      .optional(),
  );

export const stripSlash = (url: string) => url.replace(/\/+$/, "");
