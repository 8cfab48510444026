import { z } from "zod";

/**
 * What an operator may send to change tariff law (docs/tariffs.md
 * "Operator side"): the bodies of /api/admin/tariffs/*. Shared by the handlers and the
 * forms. Rates are fractions (0.25 = 25%), days are ISO (YYYY-MM-DD). Every new measure or
 * event cites an https source (`sourceUrl`): it becomes (or reuses) a source_documents row.
 */
export const AUTHORITIES = [
  "MFN",
  "S301_CHINA",
  "S301_FORCED_LABOR",
  "S301_BRAZIL",
  "S301_NICARAGUA",
  "S232",
  "S201",
  "S122",
  "IEEPA_RECIPROCAL",
  "IEEPA_FENTANYL",
  "S338",
  "DE_MINIMIS",
] as const;
export const EVENT_TYPES = ["ANNOUNCED", "PROPOSED", "FINAL", "EFFECTIVE", "RATE_CHANGE", "PAUSED", "RESUMED", "COURT_RULING", "STRUCK_DOWN", "EXPIRED", "IN_HTS"] as const;
export const SOURCE_KINDS = ["FR_DOC", "PROCLAMATION", "EXECUTIVE_ORDER", "USTR_NOTICE", "HTS_RELEASE", "COURT_OPINION", "CBP_NOTICE", "DATASET", "PAPER", "NEWS"] as const;
export const CONFIDENCES = ["high", "medium", "low"] as const;
export const STACKING = ["ADD", "MAX_WITHIN_AUTHORITY"] as const;
export const REVIEW_ACTIONS = ["done", "dismissed"] as const;

/** Operator-made ids start with this, so a re-load of the committed tables keeps them (lib/tariffs/seed.ts). */
export const OPERATOR_PREFIX = "op_";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

const day = (what: string) =>
  z
    .string({ error: `${what} is required (YYYY-MM-DD).` })
    .trim()
    .regex(ISO_DAY, { error: `${what} must be a day written YYYY-MM-DD.` })
    .refine(isRealDay, { error: `${what} is not a real day.` });

const rate = z
  .number({ error: "Rate must be a number (a fraction: 0.25 = 25%)." })
  .min(0, { error: "Rate cannot be negative." })
  .max(10, { error: "Rate must be a fraction (0.25 = 25%), at most 10 (1000%)." });

const iso2 = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: "Use two-letter country codes (ISO 3166-1 alpha-2, e.g. CN)." });

const prefix = z
  .string()
  .trim()
  .transform((s) => (s === "*" ? s : s.replace(/[.\s]/g, "")))
  .refine((s) => s === "*" || /^\d{2,10}$/.test(s), { error: 'Product prefixes are 2 to 10 HTS digits (e.g. 6403 or 6403.99.60), or "*" for every product.' });

const heading = z
  .string()
  .trim()
  .regex(/^\d{4}\.\d{2}\.\d{2}(-\d{4}\.\d{2}\.\d{2})?$/, { error: "Chapter 99 headings look like 9903.88.15 (or a range 9903.01.43-9903.01.75)." });

const httpsUrl = z
  .string({ error: "A citation URL is required: link the legal text (https)." })
  .trim()
  .min(1, { error: "A citation URL is required: link the legal text (https)." })
  .max(2000, { error: "Keep the URL under 2000 characters." })
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        return u.protocol === "https:" && Boolean(u.hostname) && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { error: "The citation URL must be a full https:// address." },
  );

const text = (max: number, what: string) => z.string().trim().max(max, { error: `Keep ${what} under ${max} characters.` });

/** The source a change cites. Only the URL is required; the rest is filled from it when left out. */
const sourceFields = {
  sourceUrl: httpsUrl,
  sourceTitle: text(500, "the source title").optional(),
  sourceKind: z.enum(SOURCE_KINDS, { error: "Pick the kind of source." }).optional(),
  /** e.g. "91 FR 34272" or "FR Doc 2026-03824". */
  sourceCitation: text(120, "the citation").optional(),
  sourcePublishedAt: day("The publication day").optional(),
};

const override = z.object({
  country: iso2,
  rate: rate.optional(),
  floor: rate.optional(),
  from: day("The first day of the rule").optional(),
  to: day("The day the rule ends").optional(),
  note: text(500, "the note").optional(),
});

const measureFields = {
  authority: z.enum(AUTHORITIES, { error: "Pick the legal authority." }),
  name: z.string({ error: "Name the measure." }).trim().min(3, { error: "Name the measure (at least 3 characters)." }).max(200, { error: "Keep the name under 200 characters." }),
  ch99Headings: z.array(heading).max(50, { error: "At most 50 headings." }),
  rate: rate.nullable(),
  countries: z.union([z.literal("ALL"), z.array(iso2).min(1, { error: 'List at least one country, or "ALL".' }).max(250)]),
  excludedCountries: z.array(iso2).max(250),
  countryOverrides: z.array(override).max(250),
  products: z.array(prefix).min(1, { error: 'List at least one HTS prefix, or "*" for every product.' }).max(5000),
  excludedProducts: z.array(prefix).max(5000),
  notWith: z.array(z.enum(AUTHORITIES, { error: "Unknown authority." })).max(AUTHORITIES.length),
  stacking: z.enum(STACKING, { error: "Pick how it stacks." }),
  confidence: z.enum(CONFIDENCES, { error: "Pick a confidence." }),
  notes: text(4000, "the notes"),
};

export const createMeasureSchema = z
  .object({
    /** Optional id: must start with "op_"; made from the name when left out. */
    id: z
      .string()
      .trim()
      .regex(/^op_[a-z0-9_]{2,60}$/, { error: 'An operator id starts with "op_" and has lowercase letters, digits or _ (e.g. op_s232_furniture).' })
      .optional(),
    ...measureFields,
    excludedCountries: measureFields.excludedCountries.default([]),
    countryOverrides: measureFields.countryOverrides.default([]),
    excludedProducts: measureFields.excludedProducts.default([]),
    notWith: measureFields.notWith.default([]),
    stacking: measureFields.stacking.default("ADD"),
    notes: measureFields.notes.default(""),
    ch99Headings: measureFields.ch99Headings.default([]),
    ...sourceFields,
  })
  .strict();

export const updateMeasureSchema = z
  .object({ ...measureFields, ...sourceFields })
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "Nothing to change." });

const eventFields = {
  date: day("The effective day"),
  type: z.enum(EVENT_TYPES, { error: "Pick the event type." }),
  rate: rate.nullable().optional(),
  country: iso2.nullable().optional(),
  note: text(2000, "the note").default(""),
};

export const createEventSchema = z
  .object({
    measureId: z.string({ error: "Pick the measure." }).trim().min(1, { error: "Pick the measure." }).max(100),
    ...eventFields,
    ...sourceFields,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type === "RATE_CHANGE" && (v.rate === undefined || v.rate === null)) {
      ctx.addIssue({ code: "custom", path: ["rate"], message: "A rate change needs the new rate." });
    }
  });

export const updateEventSchema = z
  .object({ ...eventFields, note: text(2000, "the note"), ...sourceFields })
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "Nothing to change." });

export const reviewActionSchema = z.object({
  status: z.enum(REVIEW_ACTIONS, { error: 'status must be "done" or "dismissed".' }),
  note: text(500, "the note").optional(),
});

export type CreateMeasureInput = z.output<typeof createMeasureSchema>;
export type UpdateMeasureInput = z.output<typeof updateMeasureSchema>;
export type CreateEventInput = z.output<typeof createEventSchema>;
export type UpdateEventInput = z.output<typeof updateEventSchema>;
export type SourceInput = { sourceUrl: string; sourceTitle?: string; sourceKind?: (typeof SOURCE_KINDS)[number]; sourceCitation?: string; sourcePublishedAt?: string };

/** The summary of the re-evaluation a change ran (also stored in the audit log). */
export type ReevaluationSummary = {
  watchesEvaluated: number;
  alertsWritten: number;
  combos: number;
  ms: number;
  /** Alerts sent by email right away (instant delivery), when delivery ran. */
  delivered?: unknown;
  error?: string;
};

export function reevaluationText(s: ReevaluationSummary | null | undefined): string {
  if (!s) return "not re-evaluated";
  if (s.error) return `re-evaluation failed: ${s.error}`;
  return `re-evaluated ${s.watchesEvaluated} watch${s.watchesEvaluated === 1 ? "" : "es"}, wrote ${s.alertsWritten} alert${s.alertsWritten === 1 ? "" : "s"}`;
}
