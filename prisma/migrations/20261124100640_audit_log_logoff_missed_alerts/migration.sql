-- AlterTable
ALTER TABLE "Facility" ADD COLUMN     "inactivityLogoffMinutes" INTEGER NOT NULL DEFAULT 720,
ADD COLUMN     "managementInactivityLogoffMinutes" INTEGER NOT NULL DEFAULT 60;

-- CreateTable
CREATE TABLE "MissedAlert" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "contextId" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "fromBlockIndex" INTEGER NOT NULL,
    "toBlockIndex" INTEGER,
    "reason" TEXT NOT NULL,
    "detail" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MissedAlert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLogEntry" (
    "id" BIGSERIAL NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL,
    "staffMemberId" TEXT,
    "enterpriseId" TEXT,
    "facilityId" TEXT,
    "action" TEXT NOT NULL,
    "dataCategory" TEXT,
    "method" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "resourceIds" TEXT[],
    "statusCode" INTEGER NOT NULL,
    "clientAddress" TEXT,
    "userAgent" TEXT,

    CONSTRAINT "AuditLogEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MissedAlert_messageId_key" ON "MissedAlert"("messageId");

-- CreateIndex
CREATE INDEX "MissedAlert_facilityId_taskId_idx" ON "MissedAlert"("facilityId", "taskId");

-- CreateIndex
CREATE INDEX "MissedAlert_contextId_idx" ON "MissedAlert"("contextId");

-- CreateIndex
CREATE INDEX "AuditLogEntry_facilityId_occurredAt_idx" ON "AuditLogEntry"("facilityId", "occurredAt");

-- CreateIndex
CREATE INDEX "AuditLogEntry_facilityId_staffMemberId_occurredAt_idx" ON "AuditLogEntry"("facilityId", "staffMemberId", "occurredAt");

-- CreateIndex
CREATE INDEX "AuditLogEntry_resourceIds_idx" ON "AuditLogEntry" USING GIN ("resourceIds");

-- The audit log is append-only (HIPAA 164.312(b); docs/decisions/0140): rows can be added, never changed or removed.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "AuditLogEntry_append_only"
  BEFORE UPDATE OR DELETE ON "AuditLogEntry"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();

CREATE TRIGGER "AuditLogEntry_no_truncate"
  BEFORE TRUNCATE ON "AuditLogEntry"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
