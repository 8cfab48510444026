import type { PrismaClient } from "@/lib/db/generated/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { computeReferenceExamples, referenceProductName } from "@/lib/alerts/reference-basket";
import { afterEconomicSnapshot, loadEconomicSnapshot } from "@/lib/economy/seed";
import { loadTariffTables } from "@/lib/tariffs/seed";

/**
 * Demo content for the local set-up, applied once per database: each step records its
 * name in seed_runs in the same transaction as its rows, so re-running (or two runs at
 * once) changes nothing. No fake subscribers or trials: counts on the site stay real.
 */
export const SEED_STEPS = ["reference-examples-v1", "economic-snapshot-v1", "tariff-tables-v4"] as const;

/**
 * The five invented product alerts the retired step "sample-product-alerts-v1" wrote into
 * the `alerts` table (made-up products, brands and prices). "reference-examples-v1"
 * deletes them by name, so databases seeded before it are cleaned too.
 */
export const RETIRED_SAMPLE_ALERT_NAMES: readonly string[] = [
  "Wireless Noise-Cancelling Headphones",
  "Ground Coffee, 12 oz",
  "Kids' Running Sneakers",
  "Stainless Steel Cookware Set, 10 pc",
  "LED Light Bulbs, 4-pack",
];

/** Cents as a DECIMAL(10,2) string: 12090 -> "120.90". */
function centsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * The `alerts` table rows of the reference basket: what the engine computes on the committed
 * tables for the fixed event window (lib/alerts/reference-basket.ts). currentPrice is the
 * example price (not a market price), newPrice adds the central projection in dollars,
 * tariffIncrease is the central shelf-price change in percent, severity the engine's.
 * No alternative product or price: the engine names lower-tariff origins, never products.
 */
export function referenceAlertRows() {
  return computeReferenceExamples().examples.map((example) => {
    const central = example.event.band?.central ?? 0;
    const centralCents = example.event.dollars?.central ?? 0;
    return {
      productName: referenceProductName(example),
      category: example.category.name,
      currentPrice: centsText(example.item.examplePriceCents),
      newPrice: centsText(example.item.examplePriceCents + centralCents),
      tariffIncrease: central.toFixed(2),
      alternativeFound: null,
      alternativePrice: null,
      severity: example.event.severity,
    };
  });
}

export async function seedDemoContent(db: PrismaClient): Promise<{ applied: string[] }> {
  const applied: string[] = [];
  const done = new Set((await db.seedRun.findMany()).map((r) => r.name));
  // The engine's reference examples replace the invented sample alerts (docs/claims.md "Hero").
  const step = "reference-examples-v1";
  if (!done.has(step)) {
    try {
      await db.$transaction([
        db.seedRun.create({ data: { name: step } }),
        db.alert.deleteMany({ where: { productName: { in: [...RETIRED_SAMPLE_ALERT_NAMES] } } }),
        db.alert.createMany({ data: referenceAlertRows() }),
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
  // so it can be re-run after a table rebuild. v2: every HTS line of chapters 1-97 and the HS
  // groups (a database seeded with v1's 4,500 lines loads them once more). v3: the law as it
  // stands on 2026-11-27, from the law files (docs/tariffs.md "Law files"). v4: each measure's
  // dated life (announced, published, in the HTS), so a database seeded by v3 gets the events.
  const tariffs = "tariff-tables-v4";
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
