-- CreateTable
CREATE TABLE "paypal_orders" (
    "id" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "email" TEXT,
    "subscriberId" UUID,
    "status" TEXT NOT NULL DEFAULT 'created',
    "captureId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "paypal_orders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "paypal_orders_captureId_key" ON "paypal_orders"("captureId");

-- CreateIndex
CREATE INDEX "paypal_orders_email_idx" ON "paypal_orders"("email");
