-- CreateTable
CREATE TABLE "economic_series" (
    "seriesId" TEXT NOT NULL,
    "survey" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "seasonallyAdjusted" BOOLEAN NOT NULL,
    "onDashboard" BOOLEAN NOT NULL DEFAULT false,
    "refreshable" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "economic_series_pkey" PRIMARY KEY ("seriesId")
);

-- CreateTable
CREATE TABLE "economic_observations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "seriesId" TEXT NOT NULL,
    "period" VARCHAR(7) NOT NULL,
    "value" DECIMAL(12,3),
    "publishedChange12mo" DECIMAL(7,1),
    "preliminary" BOOLEAN NOT NULL DEFAULT false,
    "origin" TEXT NOT NULL,
    "sourceRef" TEXT NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "note" TEXT,
    "fetchedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "economic_observations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "economic_news" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "documentNumber" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "documentType" TEXT NOT NULL,
    "publishedAt" TIMESTAMPTZ(3) NOT NULL,
    "category" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "impact" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "fetchedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "economic_news_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "economic_alerts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "ruleId" TEXT NOT NULL,
    "subjectKey" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "dataFetchedAt" TIMESTAMPTZ(3) NOT NULL,
    "rank" INTEGER NOT NULL DEFAULT 0,
    "raisedAt" TIMESTAMPTZ(3) NOT NULL,
    "computedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "economic_alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "economic_snapshot_info" (
    "dataset" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "release" TEXT NOT NULL,
    "asOf" TEXT NOT NULL,
    "notReadable" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "loadedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "economic_snapshot_info_pkey" PRIMARY KEY ("dataset")
);

-- CreateTable
CREATE TABLE "economic_refresh_runs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "trigger" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "finishedAt" TIMESTAMPTZ(3),
    "blsRequests" INTEGER NOT NULL DEFAULT 0,
    "blsKeyUsed" BOOLEAN NOT NULL DEFAULT false,
    "observationsStored" INTEGER NOT NULL DEFAULT 0,
    "newsStored" INTEGER NOT NULL DEFAULT 0,
    "messages" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "economic_refresh_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "economic_series_survey_onDashboard_sortOrder_idx" ON "economic_series"("survey", "onDashboard", "sortOrder");

-- CreateIndex
CREATE INDEX "economic_observations_period_idx" ON "economic_observations"("period");

-- CreateIndex
CREATE UNIQUE INDEX "economic_observations_seriesId_period_key" ON "economic_observations"("seriesId", "period");

-- CreateIndex
CREATE UNIQUE INDEX "economic_news_documentNumber_key" ON "economic_news"("documentNumber");

-- CreateIndex
CREATE INDEX "economic_news_publishedAt_idx" ON "economic_news"("publishedAt");

-- CreateIndex
CREATE UNIQUE INDEX "economic_alerts_ruleId_subjectKey_period_key" ON "economic_alerts"("ruleId", "subjectKey", "period");

-- CreateIndex
CREATE INDEX "economic_refresh_runs_startedAt_idx" ON "economic_refresh_runs"("startedAt");

-- AddForeignKey
ALTER TABLE "economic_observations" ADD CONSTRAINT "economic_observations_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "economic_series"("seriesId") ON DELETE CASCADE ON UPDATE CASCADE;
