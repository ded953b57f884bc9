-- AlterTable
ALTER TABLE "FacilityGateway" ADD COLUMN     "lastHeardAt" TIMESTAMPTZ(3);
