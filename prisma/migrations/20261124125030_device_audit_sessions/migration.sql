-- AlterTable
ALTER TABLE "AuditSession" ADD COLUMN     "activeKey" TEXT,
ADD COLUMN     "endedById" TEXT;

-- AlterTable
ALTER TABLE "DeviceQaSession" ADD COLUMN     "activeFacilityKey" TEXT,
ADD COLUMN     "auditSessionId" TEXT,
ADD COLUMN     "endedById" TEXT,
ADD COLUMN     "expiresAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "AlertLocationSession" ADD COLUMN     "deviceId" TEXT,
ADD COLUMN     "startedById" TEXT,
ADD COLUMN     "taskId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "AuditSession_activeKey_key" ON "AuditSession"("activeKey");

-- CreateIndex
CREATE UNIQUE INDEX "DeviceQaSession_activeFacilityKey_key" ON "DeviceQaSession"("activeFacilityKey");

-- CreateIndex
CREATE INDEX "DeviceQaSession_auditSessionId_idx" ON "DeviceQaSession"("auditSessionId");
