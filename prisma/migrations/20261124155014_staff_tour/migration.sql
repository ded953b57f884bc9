-- CreateTable
CREATE TABLE "StaffTour" (
    "staffMemberId" TEXT NOT NULL,
    "offeredAt" TIMESTAMPTZ(3),
    "firstCompletedAt" TIMESTAMPTZ(3),
    "lastCompletedAt" TIMESTAMPTZ(3),
    "completionCount" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffTour_pkey" PRIMARY KEY ("staffMemberId")
);

-- AddForeignKey
ALTER TABLE "StaffTour" ADD CONSTRAINT "StaffTour_staffMemberId_fkey" FOREIGN KEY ("staffMemberId") REFERENCES "StaffMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;
