-- AlterTable
ALTER TABLE "watches" ADD COLUMN     "projectedOn" DATE,
ADD COLUMN     "projection" JSONB,
ADD COLUMN     "projectionKey" TEXT,
ADD COLUMN     "projectionStamp" TEXT;

-- CreateIndex
CREATE INDEX "watches_projectionKey_idx" ON "watches"("projectionKey");

-- AlterTable
ALTER TABLE "subscriber_alerts" ADD COLUMN     "unconfirmed" BOOLEAN NOT NULL DEFAULT false;

-- Alerts written before: "unconfirmed" when a figure of their evidence was
UPDATE "subscriber_alerts" a SET "unconfirmed" = true
WHERE jsonb_path_exists(COALESCE((SELECT e.evidence FROM "alert_evidence" e WHERE e.key = a."evidenceKey"), a.evidence), '$.nodes[*] ? (@.unconfirmed == true)');
