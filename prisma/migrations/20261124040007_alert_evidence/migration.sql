-- AlterTable
ALTER TABLE "subscriber_alerts" ADD COLUMN     "evidenceKey" TEXT;

-- CreateTable
CREATE TABLE "alert_evidence" (
    "key" TEXT NOT NULL,
    "evidence" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_evidence_pkey" PRIMARY KEY ("key")
);

-- AddForeignKey
ALTER TABLE "subscriber_alerts" ADD CONSTRAINT "subscriber_alerts_evidenceKey_fkey" FOREIGN KEY ("evidenceKey") REFERENCES "alert_evidence"("key") ON DELETE RESTRICT ON UPDATE CASCADE;
