-- AlterTable
ALTER TABLE "consumer_categories" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'curated',
ALTER COLUMN "pceLine" DROP NOT NULL,
ALTER COLUMN "retailMargin" DROP NOT NULL,
ALTER COLUMN "retailMarginSourceId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "hts_lines" ADD COLUMN     "units" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- The whole schedule (23,000 lines) is loaded in bulk: one change notification per statement,
-- not one per row (docs/tariffs.md, "Tables"; the change feed drops caches by table name, so
-- once per statement says the same).
DROP TRIGGER "hts_lines_notify_change" ON "hts_lines";
CREATE TRIGGER "hts_lines_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "hts_lines" FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
