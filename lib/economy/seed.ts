import type { PrismaClient } from "@/lib/db/generated/client";
import { invalidateEconomicCache } from "./cache";
import { loadShippedSnapshot, snapshotRecords } from "./snapshot";
import { loadSnapshotIntoStore, recomputeAlerts, type Db } from "./store";

/**
 * Seed step "economic-snapshot-v1": loads the shipped snapshot (series, index levels,
 * printed changes, news, what the snapshot could not read) inside the seed's transaction.
 * Rows already in the store are kept, so it never overwrites newer refreshed data.
 */
export async function loadEconomicSnapshot(tx: Db, now: Date): Promise<void> {
  await loadSnapshotIntoStore(tx, snapshotRecords(loadShippedSnapshot()), now);
}

/** After the seed's transaction: compute the alerts for what was loaded. */
export async function afterEconomicSnapshot(db: PrismaClient, now: Date): Promise<void> {
  await recomputeAlerts(db, now);
  invalidateEconomicCache();
}
