-- AlterTable
ALTER TABLE "subscribers" ADD COLUMN     "marketingConsentAt" TIMESTAMPTZ(3),
ADD COLUMN     "marketingConsentSource" TEXT;

-- CreateTable
CREATE TABLE "trial_tombstones" (
    "emailHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trial_tombstones_pkey" PRIMARY KEY ("emailHash")
);

-- Marketing email is off until the person turns it on (docs/email.md, "Consent"). Of the
-- addresses we hold, only a newsletter signup was an explicit request for marketing mail:
-- those accounts keep it (unless the address unsubscribed since), dated by the signup.
-- Trials and e-book signups asked for the trial or the chapters, not for marketing: off.
UPDATE "subscribers" AS s
SET "marketingConsentAt" = n."createdAt", "marketingConsentSource" = 'newsletter'
FROM "newsletters" AS n
WHERE (n."subscriberId" = s."id" OR n."email" = s."email")
  AND NOT EXISTS (SELECT 1 FROM "email_suppressions" AS e WHERE e."email" = s."email");
