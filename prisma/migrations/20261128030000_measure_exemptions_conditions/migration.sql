-- AlterTable
ALTER TABLE "tariff_measures" ADD COLUMN     "conditions" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "exemptions" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "notWithExcept" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "rateBasis" TEXT NOT NULL DEFAULT 'additional',
ADD COLUMN     "yieldsTo" TEXT[] DEFAULT ARRAY[]::TEXT[];
