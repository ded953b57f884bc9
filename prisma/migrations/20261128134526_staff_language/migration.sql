-- CreateEnum
CREATE TYPE "StaffLanguage" AS ENUM ('en', 'es');

-- AlterTable
ALTER TABLE "StaffMember" ADD COLUMN     "language" "StaffLanguage" NOT NULL DEFAULT 'en';
