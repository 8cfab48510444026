import "server-only";
import type { PrismaClient } from "@/lib/db/generated/client";
import { hashToken, newToken, redactSecret } from "./tokens";

/**
 * Personal API keys (docs/api.md): Professional and Pro Alerts only
 * (entitlement `apiAccess`, checked by the routes). A key is `tw_` + 32 random bytes in
 * base64url; only its SHA-256 and its first characters (to recognise it in a list) are
 * stored, so the full key is shown once, on creation, and never again. Revoking sets
 * `revokedAt`: the key stops working at once (lib/http/route.ts checks it on every call).
 * A key is never logged in full (redactSecret).
 */
export const API_KEY_PREFIX = "tw_";
/** Characters of the key kept for lists: "tw_" + 8. */
export const API_KEY_SHOWN_CHARS = 11;
/** Active (unrevoked) keys one account may hold. */
export const MAX_ACTIVE_KEYS = 10;

export type ApiKeyView = {
  id: string;
  name: string;
  /** The first characters of the key, e.g. "tw_Ab12Cd34". */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export type CreatedApiKey = ApiKeyView & {
  /** The full key: returned by the create call only. */
  key: string;
};

type KeyRow = { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

function view(row: KeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const SELECT = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

export class TooManyKeysError extends Error {
  constructor() {
    super(`You already have ${MAX_ACTIVE_KEYS} active API keys. Revoke one you no longer use first.`);
    this.name = "TooManyKeysError";
  }
}

/** A new key for the subscriber; the answer carries the full key (shown once). */
export async function createApiKey(db: PrismaClient, subscriberId: string, name: string, now: Date): Promise<CreatedApiKey> {
  const active = await db.apiKey.count({ where: { subscriberId, revokedAt: null } });
  if (active >= MAX_ACTIVE_KEYS) throw new TooManyKeysError();
  const key = `${API_KEY_PREFIX}${newToken()}`;
  const row = await db.apiKey.create({
    data: { subscriberId, name, prefix: key.slice(0, API_KEY_SHOWN_CHARS), keyHash: hashToken(key), createdAt: now },
    select: SELECT,
  });
  console.info(`[api-keys] created key ${redactSecret(key)} (${row.id}) for subscriber ${subscriberId}`);
  return { ...view(row), key };
}

/** The subscriber's keys, newest first, revoked ones included (marked). Never the key itself. */
export async function listApiKeys(db: PrismaClient, subscriberId: string): Promise<ApiKeyView[]> {
  const rows = await db.apiKey.findMany({ where: { subscriberId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: SELECT, take: 100 });
  return rows.map(view);
}

/** Revokes one of the subscriber's keys; null when the key is not theirs (or does not exist). Revoking twice keeps the first time. */
export async function revokeApiKey(db: PrismaClient, subscriberId: string, id: string, now: Date): Promise<ApiKeyView | null> {
  const row = await db.apiKey.findFirst({ where: { id, subscriberId }, select: SELECT });
  if (!row) return null;
  if (row.revokedAt) return view(row);
  const updated = await db.apiKey.update({ where: { id }, data: { revokedAt: now }, select: SELECT });
  console.info(`[api-keys] revoked key ${row.prefix}… (${row.id}) of subscriber ${subscriberId}`);
  return view(updated);
}
