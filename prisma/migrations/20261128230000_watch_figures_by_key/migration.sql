-- A watch's stored figures move out of its row into alert_evidence, shared by every watch of the
-- same combo and referenced by key (docs/alerts.md, "The stored projection"). Rows lose their
-- figures here: a watch without them is computed again on read or by the next engine run.
ALTER TABLE "watches" DROP COLUMN "projection",
ADD COLUMN     "figuresKey" TEXT;

-- Neither key is indexed: the engine's update of every evaluated watch then changes no indexed
-- column and, with room left on each page, is a heap-only (HOT) update with no index writes.
DROP INDEX "watches_projectionKey_idx";
ALTER TABLE "watches" SET (fillfactor = 60);
