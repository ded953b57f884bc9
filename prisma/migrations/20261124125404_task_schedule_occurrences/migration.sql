-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "scheduledFor" TIMESTAMPTZ(3),
ADD COLUMN     "taskScheduleId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Task_taskScheduleId_scheduledFor_key" ON "Task"("taskScheduleId", "scheduledFor");
