import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { isUniqueViolation } from "@/lib/db/errors";

/**
 * Provider events are processed once. The event row and everything its handler writes
 * commit in one transaction: a duplicate delivery finds the row and changes nothing; a
 * handler that fails rolls the row back too, so the provider's retry processes it again.
 * Two deliveries at the same time: the second waits on the unique index, then sees a
 * duplicate.
 */
export type ProviderEventInput = {
  provider: "stripe" | "paypal";
  eventId: string;
  type: string;
  createdAt: Date;
  payload: Prisma.InputJsonValue;
};

export type Tx = Prisma.TransactionClient;

export async function processEventOnce(
  db: PrismaClient,
  event: ProviderEventInput,
  handle: (tx: Tx) => Promise<void>,
): Promise<"processed" | "duplicate"> {
  try {
    await db.$transaction(async (tx) => {
      await tx.providerEvent.create({
        data: {
          provider: event.provider,
          eventId: event.eventId,
          type: event.type,
          createdAt: event.createdAt,
          payload: event.payload,
          processedAt: new Date(),
        },
      });
      await handle(tx);
    });
    return "processed";
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}
