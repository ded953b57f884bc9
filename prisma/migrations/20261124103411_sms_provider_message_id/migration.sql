-- AlterTable
ALTER TABLE "MessageSent" ADD COLUMN     "providerMessageId" TEXT;

-- CreateIndex
CREATE INDEX "MessageSent_providerMessageId_idx" ON "MessageSent"("providerMessageId");
