import type { PrismaClient } from "@/lib/db/generated/client";

/**
 * A read of the alert engine run without PostgreSQL's JIT compiler. Over a million watches
 * the planner's estimates pass the JIT thresholds, and compiling a query's expressions took
 * longer than running it interpreted (1.3 s of JIT for a 0.3 s grouping scan, measured on the
 * 2-core machine: docs/performance.md, "At scale on PostgreSQL"). SET LOCAL holds for this
 * read's own transaction only.
 */
export async function queryWithoutJit<T>(db: PrismaClient, sql: string, ...params: unknown[]): Promise<T[]> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL jit = off`);
      return tx.$queryRawUnsafe<T[]>(sql, ...params);
    },
    // A read over a million watches or alerts takes seconds on a busy machine: past the 5 s default.
    { maxWait: 60_000, timeout: 10 * 60_000 },
  );
}
