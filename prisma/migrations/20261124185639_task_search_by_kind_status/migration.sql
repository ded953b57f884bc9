-- CreateIndex
CREATE INDEX "Task_facilityId_kind_status_creationTimestamp_id_idx" ON "Task"("facilityId", "kind", "status", "creationTimestamp" DESC, "id");
