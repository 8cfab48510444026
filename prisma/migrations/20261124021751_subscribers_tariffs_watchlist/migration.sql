-- AlterTable
ALTER TABLE "ebook_purchases" ADD COLUMN     "subscriberId" UUID;

-- AlterTable
ALTER TABLE "ebook_signups" ADD COLUMN     "subscriberId" UUID;

-- AlterTable
ALTER TABLE "free_trials" ADD COLUMN     "subscriberId" UUID;

-- AlterTable
ALTER TABLE "newsletters" ADD COLUMN     "subscriberId" UUID;

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "subscriberId" UUID;

-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "cardBrand" TEXT,
ADD COLUMN     "cardLast4" TEXT,
ADD COLUMN     "endedAt" TIMESTAMPTZ(3),
ADD COLUMN     "subscriberId" UUID;

-- CreateTable
CREATE TABLE "subscribers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "alertFrequency" TEXT NOT NULL DEFAULT 'weekly',
    "emailOptOuts" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "phone" TEXT,
    "flaggedAt" TIMESTAMPTZ(3),
    "flagReason" TEXT,
    "lapseNotifiedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscribers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sign_in_tokens" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "subscriberId" UUID,
    "email" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "callbackPath" TEXT NOT NULL DEFAULT '/account',
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscriber_sessions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "subscriberId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "revokedAt" TIMESTAMPTZ(3),
    "lastSeenAt" TIMESTAMPTZ(3),

    CONSTRAINT "subscriber_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "subscriberId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "source_documents" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "citation" TEXT,
    "url" TEXT NOT NULL,
    "publisher" TEXT NOT NULL,
    "publishedAt" DATE NOT NULL,

    CONSTRAINT "source_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tariff_measures" (
    "id" TEXT NOT NULL,
    "authority" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "ch99Headings" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "rate" DECIMAL(8,5),
    "countries" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "excludedCountries" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "countryOverrides" JSONB NOT NULL DEFAULT '[]',
    "products" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "excludedProducts" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "notWith" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "stacking" TEXT NOT NULL DEFAULT 'ADD',
    "sourceId" TEXT NOT NULL,
    "confidence" TEXT NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tariff_measures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "measure_events" (
    "id" TEXT NOT NULL,
    "measureId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "type" TEXT NOT NULL,
    "rate" DECIMAL(8,5),
    "country" TEXT,
    "sourceId" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "measure_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tariff_audit_log" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "measureId" TEXT,
    "eventId" TEXT,
    "before" JSONB,
    "after" JSONB,
    "summary" JSONB,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tariff_audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tariff_review_items" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "documentNumber" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "publishedAt" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'to-review',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMPTZ(3),
    "resolvedBy" TEXT,

    CONSTRAINT "tariff_review_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consumer_categories" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "htsPrefixes" TEXT[],
    "referenceHts" TEXT NOT NULL,
    "pceLine" TEXT NOT NULL,
    "retailMargin" DECIMAL(6,4) NOT NULL,
    "retailMarginSourceId" TEXT NOT NULL,
    "cpiSeriesId" TEXT,
    "cpiLabel" TEXT,
    "gtapSector" TEXT NOT NULL,
    "importShare" DECIMAL(6,4),
    "importShareSourceId" TEXT,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "consumer_categories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hts_lines" (
    "code" TEXT NOT NULL,
    "digits" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "descriptionPath" TEXT NOT NULL,
    "generalRateText" TEXT NOT NULL,
    "generalAdValorem" DECIMAL(8,5),
    "ch99Refs" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "categoryId" TEXT NOT NULL,
    "releaseId" TEXT NOT NULL,

    CONSTRAINT "hts_lines_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "origin_shares" (
    "gtapSector" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "share" DECIMAL(7,5) NOT NULL,
    "year" INTEGER NOT NULL,
    "sourceId" TEXT NOT NULL,

    CONSTRAINT "origin_shares_pkey" PRIMARY KEY ("gtapSector","country")
);

-- CreateTable
CREATE TABLE "watches" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "subscriberId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "categoryId" TEXT NOT NULL,
    "htsCode" TEXT,
    "name" TEXT,
    "priceCents" INTEGER,
    "madeIn" TEXT,
    "perYear" INTEGER,
    "thresholdPct" DECIMAL(6,2) NOT NULL,
    "direction" TEXT NOT NULL DEFAULT 'both',
    "horizonDays" INTEGER NOT NULL DEFAULT 180,
    "rearmDays" INTEGER NOT NULL DEFAULT -1,
    "snoozedUntil" TIMESTAMPTZ(3),
    "armed" BOOLEAN NOT NULL DEFAULT true,
    "lastFiredAt" TIMESTAMPTZ(3),
    "lastFiredPct" DECIMAL(8,3),
    "lastCentralPct" DECIMAL(8,3),
    "evaluatedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscriber_alerts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "subscriberId" UUID NOT NULL,
    "watchId" UUID,
    "dedupeKey" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "categoryId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "centralPct" DECIMAL(8,3),
    "lowPct" DECIMAL(8,3),
    "highPct" DECIMAL(8,3),
    "centralCents" INTEGER,
    "eventIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "evidence" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readAt" TIMESTAMPTZ(3),
    "emailedAt" TIMESTAMPTZ(3),
    "digestedAt" TIMESTAMPTZ(3),
    "smsAt" TIMESTAMPTZ(3),
    "suppressed" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "subscriber_alerts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "subscribers_email_key" ON "subscribers"("email");

-- CreateIndex
CREATE UNIQUE INDEX "sign_in_tokens_tokenHash_key" ON "sign_in_tokens"("tokenHash");

-- CreateIndex
CREATE INDEX "sign_in_tokens_email_createdAt_idx" ON "sign_in_tokens"("email", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "subscriber_sessions_tokenHash_key" ON "subscriber_sessions"("tokenHash");

-- CreateIndex
CREATE INDEX "subscriber_sessions_subscriberId_idx" ON "subscriber_sessions"("subscriberId");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_keyHash_key" ON "api_keys"("keyHash");

-- CreateIndex
CREATE INDEX "api_keys_subscriberId_idx" ON "api_keys"("subscriberId");

-- CreateIndex
CREATE INDEX "tariff_measures_authority_idx" ON "tariff_measures"("authority");

-- CreateIndex
CREATE INDEX "measure_events_measureId_date_idx" ON "measure_events"("measureId", "date");

-- CreateIndex
CREATE INDEX "measure_events_date_idx" ON "measure_events"("date");

-- CreateIndex
CREATE INDEX "tariff_audit_log_at_idx" ON "tariff_audit_log"("at");

-- CreateIndex
CREATE UNIQUE INDEX "tariff_review_items_documentNumber_key" ON "tariff_review_items"("documentNumber");

-- CreateIndex
CREATE INDEX "tariff_review_items_status_idx" ON "tariff_review_items"("status");

-- CreateIndex
CREATE INDEX "hts_lines_digits_idx" ON "hts_lines"("digits");

-- CreateIndex
CREATE INDEX "hts_lines_categoryId_idx" ON "hts_lines"("categoryId");

-- CreateIndex
CREATE INDEX "watches_subscriberId_idx" ON "watches"("subscriberId");

-- CreateIndex
CREATE INDEX "watches_categoryId_idx" ON "watches"("categoryId");

-- CreateIndex
CREATE INDEX "watches_htsCode_idx" ON "watches"("htsCode");

-- CreateIndex
CREATE UNIQUE INDEX "subscriber_alerts_dedupeKey_key" ON "subscriber_alerts"("dedupeKey");

-- CreateIndex
CREATE INDEX "subscriber_alerts_subscriberId_createdAt_idx" ON "subscriber_alerts"("subscriberId", "createdAt");

-- CreateIndex
CREATE INDEX "subscriber_alerts_watchId_idx" ON "subscriber_alerts"("watchId");

-- CreateIndex
CREATE INDEX "ebook_purchases_subscriberId_idx" ON "ebook_purchases"("subscriberId");

-- CreateIndex
CREATE INDEX "ebook_signups_subscriberId_idx" ON "ebook_signups"("subscriberId");

-- CreateIndex
CREATE INDEX "free_trials_subscriberId_idx" ON "free_trials"("subscriberId");

-- CreateIndex
CREATE INDEX "newsletters_subscriberId_idx" ON "newsletters"("subscriberId");

-- CreateIndex
CREATE INDEX "payments_subscriberId_idx" ON "payments"("subscriberId");

-- CreateIndex
CREATE INDEX "subscriptions_subscriberId_idx" ON "subscriptions"("subscriberId");

-- AddForeignKey
ALTER TABLE "sign_in_tokens" ADD CONSTRAINT "sign_in_tokens_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriber_sessions" ADD CONSTRAINT "subscriber_sessions_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "measure_events" ADD CONSTRAINT "measure_events_measureId_fkey" FOREIGN KEY ("measureId") REFERENCES "tariff_measures"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "watches" ADD CONSTRAINT "watches_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriber_alerts" ADD CONSTRAINT "subscriber_alerts_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriber_alerts" ADD CONSTRAINT "subscriber_alerts_watchId_fkey" FOREIGN KEY ("watchId") REFERENCES "watches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Full-text search over the HTS lines (lib/tariffs/search.ts). An expression index, which
-- Prisma's schema cannot express: a later `npm run db:migrate` shows it as a DROP INDEX
-- to delete from the generated migration (docs/database.md).
CREATE INDEX "hts_lines_search_idx" ON "hts_lines" USING GIN (to_tsvector('english', "code" || ' ' || "description" || ' ' || "descriptionPath"));

-- One subscriber per email (issue 11): every email already in the product gets an
-- account, and every row is linked to it case-insensitively. Nothing is deleted.
INSERT INTO "subscribers" ("email", "createdAt")
SELECT e.email, MIN(e.created)
FROM (
  SELECT lower(trim("email")) AS email, "createdAt" AS created FROM "newsletters"
  UNION ALL SELECT lower(trim("email")), "createdAt" FROM "free_trials"
  UNION ALL SELECT lower(trim("email")), "createdAt" FROM "ebook_signups"
  UNION ALL SELECT lower(trim("email")), "createdAt" FROM "ebook_purchases"
  UNION ALL SELECT lower(trim("email")), "createdAt" FROM "subscriptions"
  UNION ALL SELECT lower(trim("email")), "createdAt" FROM "payments" WHERE "email" IS NOT NULL
) e
WHERE e.email <> ''
GROUP BY e.email
ON CONFLICT ("email") DO NOTHING;

UPDATE "newsletters" t SET "subscriberId" = s."id" FROM "subscribers" s WHERE s."email" = lower(trim(t."email"));
UPDATE "free_trials" t SET "subscriberId" = s."id" FROM "subscribers" s WHERE s."email" = lower(trim(t."email"));
UPDATE "ebook_signups" t SET "subscriberId" = s."id" FROM "subscribers" s WHERE s."email" = lower(trim(t."email"));
UPDATE "ebook_purchases" t SET "subscriberId" = s."id" FROM "subscribers" s WHERE s."email" = lower(trim(t."email"));
UPDATE "subscriptions" t SET "subscriberId" = s."id" FROM "subscribers" s WHERE s."email" = lower(trim(t."email"));
UPDATE "payments" t SET "subscriberId" = s."id" FROM "subscribers" s WHERE t."email" IS NOT NULL AND s."email" = lower(trim(t."email"));
