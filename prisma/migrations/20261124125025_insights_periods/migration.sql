-- AlterTable
ALTER TABLE "Insight" ADD COLUMN     "periodEnd" TIMESTAMPTZ(3),
ADD COLUMN     "periodKey" TEXT,
ADD COLUMN     "periodStart" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Workflow" ADD COLUMN     "closedById" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Insight_periodKey_key" ON "Insight"("periodKey");
