-- CreateTable
CREATE TABLE "FacilityStaffVersion" (
    "facilityId" TEXT NOT NULL,
    "version" BIGSERIAL NOT NULL,

    CONSTRAINT "FacilityStaffVersion_pkey" PRIMARY KEY ("facilityId")
);


-- A new version for the facilities whose staff, as the escalation's recipient rule reads it, a row changes
-- (docs/decisions/0494). Each table below carries the facility it belongs to.
CREATE FUNCTION "FacilityStaffVersion_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "FacilityStaffVersion" AS v ("facilityId") VALUES (OLD."facilityId")
      ON CONFLICT ("facilityId") DO UPDATE SET version = nextval('"FacilityStaffVersion_version_seq"');
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."facilityId" IS DISTINCT FROM OLD."facilityId") THEN
    INSERT INTO "FacilityStaffVersion" AS v ("facilityId") VALUES (NEW."facilityId")
      ON CONFLICT ("facilityId") DO UPDATE SET version = nextval('"FacilityStaffVersion_version_seq"');
  END IF;
  RETURN NULL;
END $$;

-- Rows removed without row triggers: every facility is read again until its next change (a facility without a
-- version is never kept).
CREATE FUNCTION "FacilityStaffVersion_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "FacilityStaffVersion";
  RETURN NULL;
END $$;

-- An archived (or restored) staff member changes the staff of every facility of their groups.
CREATE FUNCTION "FacilityStaffVersion_bump_staff_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "FacilityStaffVersion" AS v ("facilityId")
    SELECT DISTINCT gm."facilityId" FROM "GroupMembership" gm WHERE gm."staffMemberId" = NEW.id
    ORDER BY 1 -- the same order in every transaction: two archivals never wait on each other crosswise
    ON CONFLICT ("facilityId") DO UPDATE SET version = nextval('"FacilityStaffVersion_version_seq"');
  RETURN NULL;
END $$;

CREATE TRIGGER "GroupMembership_staff_version" AFTER INSERT OR DELETE ON "GroupMembership"
  FOR EACH ROW EXECUTE FUNCTION "FacilityStaffVersion_bump"();
CREATE TRIGGER "GroupMembership_staff_version_update" AFTER UPDATE ON "GroupMembership"
  FOR EACH ROW WHEN ((OLD."facilityId", OLD."groupId", OLD."staffMemberId")
                     IS DISTINCT FROM (NEW."facilityId", NEW."groupId", NEW."staffMemberId"))
  EXECUTE FUNCTION "FacilityStaffVersion_bump"();

CREATE TRIGGER "OnCallState_staff_version" AFTER INSERT OR DELETE ON "OnCallState"
  FOR EACH ROW EXECUTE FUNCTION "FacilityStaffVersion_bump"();
CREATE TRIGGER "OnCallState_staff_version_update" AFTER UPDATE ON "OnCallState"
  FOR EACH ROW WHEN ((OLD."facilityId", OLD."staffMemberId", OLD."isOnCall")
                     IS DISTINCT FROM (NEW."facilityId", NEW."staffMemberId", NEW."isOnCall"))
  EXECUTE FUNCTION "FacilityStaffVersion_bump"();

CREATE TRIGGER "StaffMemberFacilityConfig_staff_version" AFTER INSERT OR DELETE ON "StaffMemberFacilityConfig"
  FOR EACH ROW EXECUTE FUNCTION "FacilityStaffVersion_bump"();
CREATE TRIGGER "StaffMemberFacilityConfig_staff_version_update" AFTER UPDATE ON "StaffMemberFacilityConfig"
  FOR EACH ROW WHEN ((OLD.id, OLD."facilityId", OLD."staffMemberId", OLD."shouldReceiveAllCareAlerts")
                     IS DISTINCT FROM (NEW.id, NEW."facilityId", NEW."staffMemberId", NEW."shouldReceiveAllCareAlerts"))
  EXECUTE FUNCTION "FacilityStaffVersion_bump"();

CREATE TRIGGER "StaffMemberFacilityConfigCareZone_staff_version"
  AFTER INSERT OR DELETE OR UPDATE ON "StaffMemberFacilityConfigCareZone"
  FOR EACH ROW EXECUTE FUNCTION "FacilityStaffVersion_bump"();

CREATE TRIGGER "CareZone_staff_version" AFTER INSERT OR DELETE ON "CareZone"
  FOR EACH ROW EXECUTE FUNCTION "FacilityStaffVersion_bump"();
CREATE TRIGGER "CareZone_staff_version_update" AFTER UPDATE ON "CareZone"
  FOR EACH ROW WHEN ((OLD.id, OLD."facilityId", OLD."unitRids", OLD.wards, OLD."careTypes", OLD.buildings, OLD.wings,
                      OLD.floors)
                     IS DISTINCT FROM (NEW.id, NEW."facilityId", NEW."unitRids", NEW.wards, NEW."careTypes",
                                       NEW.buildings, NEW.wings, NEW.floors))
  EXECUTE FUNCTION "FacilityStaffVersion_bump"();

CREATE TRIGGER "StaffMember_staff_version" AFTER UPDATE ON "StaffMember"
  FOR EACH ROW WHEN ((OLD.id, OLD."isArchived") IS DISTINCT FROM (NEW.id, NEW."isArchived"))
  EXECUTE FUNCTION "FacilityStaffVersion_bump_staff_member"();

CREATE TRIGGER "GroupMembership_staff_version_truncate" AFTER TRUNCATE ON "GroupMembership"
  FOR EACH STATEMENT EXECUTE FUNCTION "FacilityStaffVersion_forget"();
CREATE TRIGGER "OnCallState_staff_version_truncate" AFTER TRUNCATE ON "OnCallState"
  FOR EACH STATEMENT EXECUTE FUNCTION "FacilityStaffVersion_forget"();
CREATE TRIGGER "StaffMemberFacilityConfig_staff_version_truncate" AFTER TRUNCATE ON "StaffMemberFacilityConfig"
  FOR EACH STATEMENT EXECUTE FUNCTION "FacilityStaffVersion_forget"();
CREATE TRIGGER "StaffMemberFacilityConfigCareZone_staff_version_truncate"
  AFTER TRUNCATE ON "StaffMemberFacilityConfigCareZone"
  FOR EACH STATEMENT EXECUTE FUNCTION "FacilityStaffVersion_forget"();
CREATE TRIGGER "CareZone_staff_version_truncate" AFTER TRUNCATE ON "CareZone"
  FOR EACH STATEMENT EXECUTE FUNCTION "FacilityStaffVersion_forget"();
CREATE TRIGGER "StaffMember_staff_version_truncate" AFTER TRUNCATE ON "StaffMember"
  FOR EACH STATEMENT EXECUTE FUNCTION "FacilityStaffVersion_forget"();

-- The facilities there are now start with a version, so they can be kept from their first read.
INSERT INTO "FacilityStaffVersion" ("facilityId") SELECT id FROM "Facility";
