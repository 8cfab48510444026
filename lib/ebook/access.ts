import { createHmac, timingSafeEqual } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { CHAPTERS } from "./chapters";

/**
 * Who may open which chapters. Demo mode (a setting, on by default in the local set-up)
 * unlocks everything. Otherwise chapters 1-3 open with the signed preview link sent after
 * the free-preview signup, and 1-9 with the signed access link sent after purchase. Access
 * links are unguessable (HMAC-signed) and a purchase's link stops working when an admin
 * sets its accessGranted to false.
 */
export type AccessScope = "preview" | "full";
export type EbookAccess = {
  level: "demo" | "full" | "preview" | "none";
  unlocked: readonly number[];
  /** Why access is missing or limited, for the page to explain. */
  reason?: "invalid-link" | "revoked";
  email?: string;
};

const ALL = CHAPTERS.map((c) => c.id);
const PREVIEW = CHAPTERS.filter((c) => c.previewFree).map((c) => c.id);

function sign(data: string, secret: string): string {
  return createHmac("sha256", secret).update(data).digest("base64url");
}

/** `<scope>.<subject>.<signature>`; the subject is the signup email (preview) or purchase id (full). */
export function createAccessToken(scope: AccessScope, subject: string, secret: string): string {
  const body = `${scope}.${Buffer.from(subject, "utf8").toString("base64url")}`;
  return `${body}.${sign(`ebook-access:${body}`, secret)}`;
}

export function verifyAccessToken(token: string, secret: string): { scope: AccessScope; subject: string } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [scope, encoded, signature] = parts as [string, string, string];
  if (scope !== "preview" && scope !== "full") return null;
  const expected = Buffer.from(sign(`ebook-access:${scope}.${encoded}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { scope, subject: Buffer.from(encoded, "base64url").toString("utf8") };
}

export function accessUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/tariffs-ebook?access=${encodeURIComponent(token)}#chapters`;
}

export async function resolveEbookAccess(
  db: PrismaClient,
  token: string | undefined,
  opts: { demoMode: boolean; secret: string },
): Promise<EbookAccess> {
  if (opts.demoMode) return { level: "demo", unlocked: ALL };
  if (!token) return { level: "none", unlocked: [] };
  const verified = verifyAccessToken(token, opts.secret);
  if (!verified) return { level: "none", unlocked: [], reason: "invalid-link" };
  if (verified.scope === "preview") return { level: "preview", unlocked: PREVIEW, email: verified.subject };
  const purchase = await db.ebookPurchase.findUnique({ where: { id: verified.subject } });
  if (!purchase) return { level: "none", unlocked: [], reason: "invalid-link" };
  if (!purchase.accessGranted) return { level: "none", unlocked: [], reason: "revoked" };
  return { level: "full", unlocked: ALL, email: purchase.email };
}
