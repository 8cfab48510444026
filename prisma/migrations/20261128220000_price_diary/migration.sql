-- CreateTable
CREATE TABLE "price_entries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "watchId" UUID NOT NULL,
    "subscriberId" UUID NOT NULL,
    "paidOn" DATE NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "shop" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "price_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "price_entries_watchId_paidOn_priceCents_shop_key" ON "price_entries"("watchId", "paidOn", "priceCents", "shop");

-- CreateIndex
CREATE INDEX "price_entries_subscriberId_idx" ON "price_entries"("subscriberId");

-- AddForeignKey
ALTER TABLE "price_entries" ADD CONSTRAINT "price_entries_watchId_fkey" FOREIGN KEY ("watchId") REFERENCES "watches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_entries" ADD CONSTRAINT "price_entries_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
