import type { Prisma, PrismaClient } from "./generated/client";

/** The client or a transaction: domain functions that write take either. */
export type Db = PrismaClient | Prisma.TransactionClient;
