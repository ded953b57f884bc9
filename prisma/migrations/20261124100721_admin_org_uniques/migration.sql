-- CreateIndex
CREATE UNIQUE INDEX "Facility_enterpriseId_name_key" ON "Facility"("enterpriseId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "CompanyPhone_facilityId_phoneNumber_key" ON "CompanyPhone"("facilityId", "phoneNumber");
