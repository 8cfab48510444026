-- CreateIndex
CREATE INDEX "hts_lines_releaseId_idx" ON "hts_lines"("releaseId");
