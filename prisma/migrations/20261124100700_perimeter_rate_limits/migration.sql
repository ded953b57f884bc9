-- CreateTable
CREATE TABLE "RateLimitCounter" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "windowEndsAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RateLimitCounter_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "RateLimitCounter_windowEndsAt_idx" ON "RateLimitCounter"("windowEndsAt");

-- Sessions (decision 0130): a refresh-token family's id is the id of its first token, so the session check of
-- every request is a primary-key read. Families from before take their first token's id.
UPDATE "RefreshToken" AS t
SET "familyId" = r."id"
FROM "RefreshToken" AS r
WHERE r."familyId" = t."familyId" AND r."parentId" IS NULL AND r."id" <> r."familyId";
