-- AlterTable
ALTER TABLE "Unit" ADD COLUMN     "isArchived" BOOLEAN NOT NULL DEFAULT false;
