-- Indexes written by every press (a TaskUpdate, a DeviceActivity row) and read by no query (decision 0720): each
-- duplicates the taskId- / deviceId-led index kept beside it, and no query filters these tables by facilityId alone.
-- DropIndex
DROP INDEX "DeviceActivity_facilityId_deviceId_timestamp_idx";

-- DropIndex
DROP INDEX "TaskUpdate_facilityId_taskId_createdAt_idx";
