-- CreateTable
CREATE TABLE "ResponseTimeDay" (
    "facilityId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "step" "ResponseStep" NOT NULL,
    "staffIds" TEXT[],
    "unitIds" TEXT[],
    "kinds" "AlertKind"[],
    "count" INTEGER NOT NULL,
    "entries" BYTEA NOT NULL,

    CONSTRAINT "ResponseTimeDay_pkey" PRIMARY KEY ("facilityId","day","step")
);
