-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "staffAssistCount" INTEGER;

-- AlterTable
ALTER TABLE "CareEvent" ADD COLUMN     "staffAssistCount" INTEGER;

-- AlterTable
ALTER TABLE "ResidentActivity" ADD COLUMN     "staffAssistCount" INTEGER;
