-- CreateTable
CREATE TABLE "WatchdogFault" (
    "key" TEXT NOT NULL,
    "facilityId" TEXT,
    "subject" TEXT,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "openedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WatchdogFault_pkey" PRIMARY KEY ("key")
);
