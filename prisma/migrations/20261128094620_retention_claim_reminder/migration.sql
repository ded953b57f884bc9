-- AlterTable
ALTER TABLE "Facility" ADD COLUMN     "unconfirmedClaimReminderMinutes" INTEGER NOT NULL DEFAULT 5;

-- CreateIndex
CREATE INDEX "Task_creationTimestamp_idx" ON "Task" USING BRIN ("creationTimestamp");

-- CreateIndex
CREATE INDEX "AuditLogEntry_occurredAt_idx" ON "AuditLogEntry" USING BRIN ("occurredAt");

-- The audit log stays append-only (decision 0140), with one exception: the retention purge (decision 0518) may
-- delete rows older than the cutoff it sets for its own transaction (`sage.audit_purge_before`), and only when that
-- cutoff is at least 6 years back (HIPAA 164.316(b)(2)(i)). Any other UPDATE, DELETE or TRUNCATE is refused as before.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff timestamptz;
BEGIN
  IF TG_OP = 'DELETE' AND TG_LEVEL = 'ROW' THEN
    cutoff := nullif(current_setting('sage.audit_purge_before', true), '')::timestamptz;
    IF cutoff IS NOT NULL AND cutoff <= now() - interval '6 years' AND OLD."occurredAt" < cutoff THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'The audit log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
