-- CreateTable
CREATE TABLE "law_changes" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "stamp" TEXT NOT NULL,
    "changedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "law_changes_pkey" PRIMARY KEY ("id")
);

-- A fresh random stamp on every change to the tables the law is read from (lib/tariffs/law.ts,
-- docs/performance.md "The law's change stamp"). Statement-level, so a bulk write stamps once.
-- An upsert, so a truncated law_changes gets its row back at the next change; a random value,
-- never a counter, so a row written again can never repeat an earlier stamp.
CREATE FUNCTION "law_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "law_changes" ("id", "stamp", "changedAt") VALUES (1, gen_random_uuid()::text, now())
  ON CONFLICT ("id") DO UPDATE SET "stamp" = EXCLUDED."stamp", "changedAt" = EXCLUDED."changedAt";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "tariff_measures_law_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tariff_measures" FOR EACH STATEMENT EXECUTE FUNCTION "law_changed"();
CREATE TRIGGER "measure_events_law_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "measure_events" FOR EACH STATEMENT EXECUTE FUNCTION "law_changed"();
CREATE TRIGGER "source_documents_law_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "source_documents" FOR EACH STATEMENT EXECUTE FUNCTION "law_changed"();
CREATE TRIGGER "hts_lines_law_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hts_lines" FOR EACH STATEMENT EXECUTE FUNCTION "law_changed"();
CREATE TRIGGER "origin_shares_law_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "origin_shares" FOR EACH STATEMENT EXECUTE FUNCTION "law_changed"();
CREATE TRIGGER "consumer_categories_law_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "consumer_categories" FOR EACH STATEMENT EXECUTE FUNCTION "law_changed"();

-- The stamp for what the tables hold now.
INSERT INTO "law_changes" ("id", "stamp") VALUES (1, gen_random_uuid()::text);
