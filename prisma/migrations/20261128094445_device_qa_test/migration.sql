-- CreateTable
CREATE TABLE "DeviceQaTest" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "deviceQaSessionId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "deviceId" TEXT NOT NULL,
    "armedById" TEXT,
    "armedAt" TIMESTAMPTZ(3) NOT NULL,
    "armedUntil" TIMESTAMPTZ(3) NOT NULL,
    "armedDeviceKey" TEXT,
    "testedAt" TIMESTAMPTZ(3),
    "testedEventId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeviceQaTest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DeviceQaTest_armedDeviceKey_key" ON "DeviceQaTest"("armedDeviceKey");

-- CreateIndex
CREATE INDEX "DeviceQaTest_deviceQaSessionId_deviceId_idx" ON "DeviceQaTest"("deviceQaSessionId", "deviceId");

-- AddForeignKey
ALTER TABLE "DeviceQaTest" ADD CONSTRAINT "DeviceQaTest_deviceQaSessionId_fkey" FOREIGN KEY ("deviceQaSessionId") REFERENCES "DeviceQaSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;
