-- AlterTable
ALTER TABLE "tariff_review_items" ADD COLUMN     "diff" JSONB,
ADD COLUMN     "hts" TEXT,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'federal-register',
ADD COLUMN     "measureIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "releaseId" TEXT;

-- CreateTable
CREATE TABLE "hts_releases" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "releaseDate" DATE NOT NULL,
    "status" TEXT NOT NULL,
    "fetchedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "storedAt" TIMESTAMPTZ(3),

    CONSTRAINT "hts_releases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hts_ch99_headings" (
    "heading" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "generalText" TEXT NOT NULL,
    "releaseId" TEXT NOT NULL,

    CONSTRAINT "hts_ch99_headings_pkey" PRIMARY KEY ("heading")
);

-- CreateIndex
CREATE INDEX "hts_releases_status_releaseDate_idx" ON "hts_releases"("status", "releaseDate");

-- CreateIndex
CREATE INDEX "tariff_review_items_releaseId_idx" ON "tariff_review_items"("releaseId");

-- The change feed (migration 20261126170000_change_feed): both tables notify their writes; the
-- headings are loaded in bulk, so once per statement.
CREATE TRIGGER "hts_releases_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "hts_releases" FOR EACH ROW EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "hts_releases_notify_truncate" AFTER TRUNCATE ON "hts_releases" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "hts_ch99_headings_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "hts_ch99_headings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
CREATE TRIGGER "hts_ch99_headings_notify_truncate" AFTER TRUNCATE ON "hts_ch99_headings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();

-- The law's as-of (the newest stored release) is read with the law: a stored release moves the
-- law's change stamp (migration 20261124234042_law_change_stamp).
CREATE TRIGGER "hts_releases_law_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hts_releases" FOR EACH STATEMENT EXECUTE FUNCTION "law_changed"();
