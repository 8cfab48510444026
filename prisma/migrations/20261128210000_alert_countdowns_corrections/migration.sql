-- AlterTable
ALTER TABLE "subscriber_alerts" ADD COLUMN     "announced" JSONB,
ADD COLUMN     "supersededAt" TIMESTAMPTZ(3),
ADD COLUMN     "supersededById" UUID;

-- AddForeignKey
ALTER TABLE "subscriber_alerts" ADD CONSTRAINT "subscriber_alerts_supersededById_fkey" FOREIGN KEY ("supersededById") REFERENCES "subscriber_alerts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
