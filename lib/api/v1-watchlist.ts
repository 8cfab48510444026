import "server-only";
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Access } from "@/lib/entitlements";
import { ApiError } from "@/lib/http/api-error";
import type { AddWatch, UpdateWatch } from "@/lib/watchlist/schema";
import { addWatch, isUuid, removeWatch, updateWatch, WatchlistError } from "@/lib/watchlist/service";
import { toV1Watches, type V1Watch } from "./v1";

/**
 * Writing the watchlist through /api/v1 (docs/api.md "Changing the watchlist"): the same
 * schemas, plan limits and duplicate rule as the web routes (lib/watchlist/service.ts),
 * answered with the watch in the API's shape (V1Watch). A duplicate is 409 with a
 * Location header naming the watch that is already there, so a client that retries a POST
 * finds the one watch it made.
 */
const NOT_FOUND = "No such watch on your watchlist.";

/** `?id=` for PATCH and DELETE on the collection (the same as /api/v1/watchlist/{id}). */
export const v1WatchIdQuery = z.object({ id: z.string({ error: "id is the watch's id." }).trim().min(1, { error: "id is the watch's id." }) });

const location = (id: string) => `/api/v1/watchlist/${id}`;

function apiErrorOf(error: unknown): never {
  if (error instanceof WatchlistError) {
    throw new ApiError(error.status, error.message, error.errors, error.existingId ? { Location: location(error.existingId) } : undefined);
  }
  throw error;
}

async function oneWatch(db: PrismaClient, subscriberId: string, access: Pick<Access, "entitlements">, id: string, now: Date): Promise<V1Watch> {
  const row = isUuid(id) ? await db.watch.findFirst({ where: { id, subscriberId } }) : null;
  if (!row) throw new ApiError(404, NOT_FOUND);
  return (await toV1Watches(db, [row], access, now))[0]!;
}

export async function getWatchV1(db: PrismaClient, subscriberId: string, access: Pick<Access, "entitlements">, id: string, now: Date): Promise<{ watch: V1Watch }> {
  return { watch: await oneWatch(db, subscriberId, access, id, now) };
}

/** POST: 201 {watch} with Location; 400 per field, 403 plan limit, 409 duplicate. */
export async function createWatchV1(db: PrismaClient, subscriberId: string, access: Access, body: AddWatch, now: Date): Promise<Response> {
  const { id } = await addWatch(db, subscriberId, access, body, now).catch(apiErrorOf);
  return Response.json({ watch: await oneWatch(db, subscriberId, access, id, now) }, { status: 201, headers: { Location: location(id) } });
}

/** PATCH: {watch}; 404 unless the watch is the key owner's. */
export async function updateWatchV1(db: PrismaClient, subscriberId: string, access: Access, id: string, body: UpdateWatch, now: Date): Promise<{ watch: V1Watch }> {
  if (!isUuid(id)) throw new ApiError(404, NOT_FOUND);
  await updateWatch(db, subscriberId, access, id, body, now).catch(apiErrorOf);
  return { watch: await oneWatch(db, subscriberId, access, id, now) };
}

/** DELETE: {deleted: id}; 404 unless the watch is the key owner's. */
export async function deleteWatchV1(db: PrismaClient, subscriberId: string, id: string): Promise<{ deleted: string }> {
  if (!isUuid(id)) throw new ApiError(404, NOT_FOUND);
  await removeWatch(db, subscriberId, id).catch(apiErrorOf);
  return { deleted: id };
}
