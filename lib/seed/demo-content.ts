import type { PrismaClient } from "@/lib/db/generated/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { SAMPLE_ALERTS } from "@/lib/alerts/sample-alerts";
import { afterEconomicSnapshot, loadEconomicSnapshot } from "@/lib/economy/seed";
import { loadTariffTables } from "@/lib/tariffs/seed";

/**
 * Demo content for the local set-up, applied once per database: each step records its
 * name in seed_runs in the same transaction as its rows, so re-running (or two runs at
 * once) changes nothing. No fake subscribers or trials: counts on the site stay real.
 */
export const SEED_STEPS = ["sample-product-alerts-v1", "economic-snapshot-v1", "tariff-tables-v1"] as const;

export async function seedDemoContent(db: PrismaClient): Promise<{ applied: string[] }> {
  const applied: string[] = [];
  const done = new Set((await db.seedRun.findMany()).map((r) => r.name));
  const step = "sample-product-alerts-v1";
  if (!done.has(step)) {
    try {
      await db.$transaction([
        db.seedRun.create({ data: { name: step } }),
        db.alert.createMany({
          data: SAMPLE_ALERTS.map((a) => ({
            productName: a.productName,
            category: a.category,
            currentPrice: a.currentPrice.toFixed(2),
            newPrice: a.newPrice.toFixed(2),
            tariffIncrease: a.tariffIncrease.toFixed(2),
            alternativeFound: a.alternativeFound,
            alternativePrice: a.alternativePrice.toFixed(2),
            severity: a.severity,
          })),
        }),
      ]);
      applied.push(step);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  // The economic dashboard's offline snapshot of real BLS and Federal Register data
  // (data/economic-snapshot; docs/economy.md): loaded once, never over newer data.
  const economic = "economic-snapshot-v1";
  if (!done.has(economic)) {
    const now = new Date();
    try {
      await db.$transaction(
        async (tx) => {
          await tx.seedRun.create({ data: { name: economic } });
          await loadEconomicSnapshot(tx, now);
        },
        { timeout: 60_000 },
      );
      await afterEconomicSnapshot(db, now);
      applied.push(economic);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  // The tariff tables (data/tariffs; docs/tariffs.md): product data, not demo content, loaded
  // here once per database. loadTariffTables is idempotent and keeps operator ("op_") rows,
  // so it can be re-run after a table rebuild.
  const tariffs = "tariff-tables-v1";
  if (!done.has(tariffs)) {
    try {
      await db.$transaction(
        async (tx) => {
          await tx.seedRun.create({ data: { name: tariffs } });
          await loadTariffTables(tx);
        },
        { timeout: 120_000 },
      );
      applied.push(tariffs);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return { applied };
}
