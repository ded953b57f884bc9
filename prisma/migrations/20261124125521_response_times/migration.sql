-- CreateEnum
CREATE TYPE "ResponseStep" AS ENUM ('CLAIM', 'CONFIRM', 'RESOLVE');

-- CreateEnum
CREATE TYPE "AlertKind" AS ENUM ('PENDANT', 'WALL_BUTTON', 'DOOR', 'FALL', 'SENSOR');

-- CreateTable
CREATE TABLE "ResponseTimeStep" (
    "facilityId" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "step" "ResponseStep" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "seconds" DOUBLE PRECISION NOT NULL,
    "staffMemberId" TEXT,
    "unitId" TEXT,
    "alertKind" "AlertKind" NOT NULL,
    "hourOfDay" SMALLINT NOT NULL,

    CONSTRAINT "ResponseTimeStep_pkey" PRIMARY KEY ("taskId","step")
);

-- CreateTable
CREATE TABLE "ResponseTimeRollup" (
    "id" TEXT NOT NULL,
    "rolledUpTo" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ResponseTimeRollup_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ResponseTimeStep_facilityId_createdAt_idx" ON "ResponseTimeStep"("facilityId", "createdAt");

-- AddForeignKey
ALTER TABLE "ResponseTimeStep" ADD CONSTRAINT "ResponseTimeStep_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;
