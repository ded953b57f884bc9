-- CreateEnum
CREATE TYPE "TaskKind" AS ENUM ('ALERT', 'DEVICE_TROUBLE');

-- CreateEnum
CREATE TYPE "DeviceTroubleCause" AS ENUM ('DEVICE_SILENT', 'LOW_BATTERY', 'GATEWAY_SILENT');

-- DropIndex
DROP INDEX "DeviceEvent_eventId_key";

-- AlterTable
ALTER TABLE "Facility" ADD COLUMN     "deviceSupervisionIntervalMin" INTEGER;

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "gatewayId" TEXT,
ADD COLUMN     "kind" "TaskKind" NOT NULL DEFAULT 'ALERT',
ADD COLUMN     "openTroubleKey" TEXT,
ADD COLUMN     "troubleCause" "DeviceTroubleCause";

-- AlterTable
ALTER TABLE "Device" ADD COLUMN     "lastHeardAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "DeviceEvent" ADD COLUMN     "reportedTimestamp" TIMESTAMPTZ(3);

-- CreateIndex
CREATE UNIQUE INDEX "Task_openTroubleKey_key" ON "Task"("openTroubleKey");

-- CreateIndex
CREATE INDEX "DeviceEvent_gatewayId_receivedAt_idx" ON "DeviceEvent"("gatewayId", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "DeviceEvent_gatewayId_eventId_key" ON "DeviceEvent"("gatewayId", "eventId");

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_gatewayId_fkey" FOREIGN KEY ("gatewayId") REFERENCES "FacilityGateway"("id") ON DELETE CASCADE ON UPDATE CASCADE;
