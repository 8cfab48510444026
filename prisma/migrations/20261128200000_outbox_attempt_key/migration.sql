-- AlterTable
ALTER TABLE "sent_emails" ADD COLUMN     "attemptKey" TEXT;

-- CreateIndex
CREATE INDEX "sent_emails_attemptKey_idx" ON "sent_emails"("attemptKey");

-- Messages a sender already took (tried, or claimed: a claim moves nextAttemptAt past the
-- record time) were sent alone under their own key: they stay so (docs/email.md, "Batches").
UPDATE "sent_emails" SET "attemptKey" = "idempotencyKey"
WHERE status IN ('queued', 'failed') AND (attempts > 0 OR "nextAttemptAt" > "createdAt");
