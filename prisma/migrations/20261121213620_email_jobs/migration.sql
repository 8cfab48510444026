-- AlterTable
ALTER TABLE "sent_emails" ADD COLUMN     "fromAddress" TEXT,
ADD COLUMN     "headers" JSONB;

-- CreateTable
CREATE TABLE "job_runs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "finishedAt" TIMESTAMPTZ(3),
    "outcome" TEXT NOT NULL,
    "summary" JSONB,
    "error" TEXT,

    CONSTRAINT "job_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "job_runs_name_startedAt_idx" ON "job_runs"("name", "startedAt");

-- CreateIndex
CREATE INDEX "sent_emails_nextAttemptAt_idx" ON "sent_emails"("nextAttemptAt");
