-- CreateTable
CREATE TABLE "StationDisplay" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "careZoneIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "showResidentNames" BOOLEAN NOT NULL DEFAULT false,
    "keyHash" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "StationDisplay_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "StationDisplay_keyHash_key" ON "StationDisplay"("keyHash");

-- CreateIndex
CREATE INDEX "StationDisplay_facilityId_idx" ON "StationDisplay"("facilityId");

-- AddForeignKey
ALTER TABLE "StationDisplay" ADD CONSTRAINT "StationDisplay_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;
