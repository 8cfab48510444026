/**
 * An alert's evidence as stored (docs/alerts.md "Evidence"): the engine
 * writes each evidence document (every duty stack, weight and pass-through node of a combo's
 * trigger, 10-40 kB) ONCE into alert_evidence, keyed by its sha256, and every alert that rests
 * on it references it by `evidenceKey`; the alert's own `evidence` column holds only what is
 * its own (`price` on the watch's price, `suppressed`). Alerts written before have no key and
 * their whole document in `evidence`. Readers resolve through `evidenceFor` (one query for a
 * batch of alerts) and never read `evidence` alone.
 *
 * Loaded by the command-line jobs too (lib/alerts/deliver.ts): no "server-only" here.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { EvidenceNode } from "@/lib/tariffs/evidence";

export type Evidence = {
  kind?: string;
  line?: { code: string; description: string; releaseId: string };
  category?: { id: string; name: string };
  origins?: string;
  horizonEnd?: string;
  nodes?: EvidenceNode[];
  sources?: { id: string; title: string; citation: string | null; url: string; publisher: string; publishedAt: string }[];
  unknowns?: string[];
  assumptions?: string;
  dataVersions?: Record<string, string | null>;
  price?: { priceCents: number; lowCents: number; centralCents: number; highCents: number } | null;
  /** What the alert calls the watch (its name, else its category's): the alert's own. */
  item?: string;
  suppressed?: string;
};

const factorSchema = z.object({ name: z.string(), value: z.string() });
const evidenceNodeSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: z.string(),
  formula: z.string().nullable(),
  inputs: z.array(z.string()),
  sourceIds: z.array(z.string()),
  unconfirmed: z.boolean().optional(),
  lines: z.array(z.object({ label: z.string(), factors: z.array(factorSchema), result: z.string() })).optional(),
  notes: z.array(z.string()).optional(),
}) satisfies z.ZodType<EvidenceNode>;

/** Each field of stored evidence on its own: a field that does not match reads as absent, the others stand. */
const field = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const evidenceSchema = z.object({
  kind: field(z.string()),
  line: field(z.object({ code: z.string(), description: z.string(), releaseId: z.string() })),
  category: field(z.object({ id: z.string(), name: z.string() })),
  origins: field(z.string()),
  horizonEnd: field(z.string()),
  nodes: field(z.array(evidenceNodeSchema)),
  sources: field(
    z.array(z.object({ id: z.string(), title: z.string(), citation: z.string().nullable(), url: z.string(), publisher: z.string(), publishedAt: z.string() })),
  ),
  unknowns: field(z.array(z.string())),
  assumptions: field(z.string()),
  dataVersions: field(z.record(z.string(), z.string().nullable())),
  price: field(z.object({ priceCents: z.number(), lowCents: z.number(), centralCents: z.number(), highCents: z.number() }).nullable()),
  item: field(z.string()),
  suppressed: field(z.string()),
}) satisfies z.ZodType<Evidence>;

/** A stored JSON value as evidence: anything but an object reads as empty, a field of the wrong shape as absent. */
export function evidenceOf(value: Prisma.JsonValue | undefined): Evidence {
  const parsed = evidenceSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** The key of an evidence document: sha256 of its JSON (the same document, the same key, in every run). */
export function evidenceKeyOf(json: string): string {
  return createHash("sha256").update(json).digest("hex");
}

type StoredAlert = { evidence: Prisma.JsonValue; evidenceKey: string | null };

/** The full evidence of one alert given its shared document (if any): the document, then the alert's own fields over it. */
export function mergedEvidence(alert: StoredAlert, shared: Prisma.JsonValue | undefined): Prisma.JsonValue {
  if (!alert.evidenceKey) return alert.evidence;
  const own = alert.evidence && typeof alert.evidence === "object" && !Array.isArray(alert.evidence) ? alert.evidence : {};
  const doc = shared && typeof shared === "object" && !Array.isArray(shared) ? shared : {};
  return { ...doc, ...own };
}

/**
 * The full evidence of each alert, in order: the shared documents of the batch in one query
 * (each once, however many alerts share it).
 */
export async function evidenceFor(db: Pick<PrismaClient, "alertEvidence">, alerts: readonly StoredAlert[]): Promise<Prisma.JsonValue[]> {
  const keys = [...new Set(alerts.map((a) => a.evidenceKey).filter((k): k is string => Boolean(k)))];
  const docs = keys.length ? new Map((await db.alertEvidence.findMany({ where: { key: { in: keys } } })).map((d) => [d.key, d.evidence])) : new Map<string, Prisma.JsonValue>();
  return alerts.map((a) => mergedEvidence(a, a.evidenceKey ? docs.get(a.evidenceKey) : undefined));
}

/** `evidenceFor` for a batch of alerts, each returned with its `evidence` resolved (and without the key). */
export async function withEvidence<T extends StoredAlert>(db: Pick<PrismaClient, "alertEvidence">, alerts: readonly T[]): Promise<(Omit<T, "evidenceKey"> & { evidence: Prisma.JsonValue })[]> {
  const evidence = await evidenceFor(db, alerts);
  return alerts.map((a, i) => {
    const { evidenceKey: _key, ...rest } = a;
    void _key;
    return { ...rest, evidence: evidence[i]! };
  });
}
