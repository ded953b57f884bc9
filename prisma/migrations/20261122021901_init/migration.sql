-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "CareType" AS ENUM ('ASSISTED_LIVING', 'INDEPENDENT_LIVING', 'MEMORY_CARE', 'LONG_TERM_CARE', 'SHORT_TERM_REHAB', 'NONE');

-- CreateEnum
CREATE TYPE "Severity" AS ENUM ('CODE_BLUE', 'EMERGENCY', 'STAFF_ASSIST', 'HIGH_PRIORITY', 'MEDIUM_PRIORITY', 'LOW_PRIORITY', 'ESCALATION_OBSERVATION', 'NO_PRIORITY');

-- CreateEnum
CREATE TYPE "TaskStatus" AS ENUM ('OPEN_UNCLAIMED', 'OPEN_CLAIMED', 'OPEN_CONFIRMING', 'OPEN_CONFIRMED', 'CLOSED_RESOLVED', 'CLOSED_CANCELED', 'CLOSED_UNRESOLVED');

-- CreateEnum
CREATE TYPE "TaskUpdateType" AS ENUM ('CREATED', 'CLOSED', 'REOPENED', 'ASSIGNMENT', 'REASSIGNMENT', 'UNASSIGNMENT', 'STATUS_CHANGE', 'SEVERITY_CHANGE', 'DEVICE_INTERACTION', 'DEVICE_INTERACTION_DOOR_OPEN', 'DEVICE_INTERACTION_DOOR_CLOSED', 'DEVICE_INTERACTION_FALL_DETECTED', 'MANUAL_ENTRY', 'CLAIM', 'CARE_CONFIRMED', 'CARE_CONFIRMATION_FAILED', 'M3_BATH_TRIGGERED', 'M3_BATH_CANCELED', 'M3_ALERT_TRIGGERED', 'M3_ALERT_CANCELED');

-- CreateEnum
CREATE TYPE "CareOutcomeValue" AS ENUM ('COMPLETED', 'NOT_COMPLETED', 'REFUSED');

-- CreateEnum
CREATE TYPE "AlertOutcomeType" AS ENUM ('RESIDENT_INTERACTION', 'FALSE_ALARM', 'TEST_ALERT');

-- CreateEnum
CREATE TYPE "CheckInStatus" AS ENUM ('UNKNOWN', 'PENDING', 'COMPLETE', 'EXPIRED', 'SKIPPED_ON_HOLD');

-- CreateEnum
CREATE TYPE "CheckInReason" AS ENUM ('BUTTON_PRESSED', 'CALLED_RESIDENT', 'SEEN_IN_PERSON', 'TEAM_MEMBER_VERIFIED', 'VERIFIED_BY_INTEGRATION');

-- CreateEnum
CREATE TYPE "HospiceStatus" AS ENUM ('HOSPICE_CARE', 'STANDARD_CARE', 'UNKNOWN');

-- CreateEnum
CREATE TYPE "ResuscitationStrategy" AS ENUM ('CPR', 'DNR', 'UNKNOWN');

-- CreateEnum
CREATE TYPE "ResidentContactType" AS ENUM ('CONTACT', 'PRIMARY_CARE_PROVIDER', 'SPECIALIST', 'HOSPITAL');

-- CreateEnum
CREATE TYPE "InsightCategory" AS ENUM ('NEEDS_IMPROVEMENT', 'TOP_PERFORMER');

-- CreateEnum
CREATE TYPE "WorkflowStatus" AS ENUM ('OPEN', 'CLOSED');

-- CreateEnum
CREATE TYPE "InsightScope" AS ENUM ('GLOBAL', 'USER');

-- CreateEnum
CREATE TYPE "WorkflowActionType" AS ENUM ('DISMISS', 'LOG_ACTION_NEEDS_IMPROVEMENT', 'SEND_HIGH_FIVE', 'NEEDS_IMPROVEMENT', 'RECOGNITION', 'ACKNOWLEDGE');

-- CreateEnum
CREATE TYPE "DeviceType" AS ENUM ('SAGE_BUTTON', 'DOOR_ALARM', 'FALL_DETECTION_DEVICE', 'MELTEN_M3_DEVICE');

-- CreateEnum
CREATE TYPE "GroupType" AS ENUM ('CareStaff', 'Culinary', 'Housekeeping', 'Maintenance', 'Management', 'NurseMedTech', 'SageSupport', 'Transportation', 'Activities');

-- CreateEnum
CREATE TYPE "SubscriptionStatus" AS ENUM ('SUBSCRIBED', 'UNSUBSCRIBED');

-- CreateEnum
CREATE TYPE "SubscriptionTopic" AS ENUM ('ALERTS', 'TASKS');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('SENT', 'FAILED', 'RECEIVED', 'SHOWN');

-- CreateEnum
CREATE TYPE "NotificationPolicyType" AS ENUM ('ALERT');

-- CreateEnum
CREATE TYPE "DeviceEventType" AS ENUM ('BUTTON_PRESS', 'DOOR_OPEN', 'DOOR_CLOSED', 'FALL_DETECTED', 'M3_BATH_TRIGGERED', 'M3_BATH_CANCELED', 'M3_ALERT_TRIGGERED', 'M3_ALERT_CANCELED', 'HEARTBEAT');

-- CreateEnum
CREATE TYPE "OutboxChannel" AS ENUM ('SMS', 'EMAIL');

-- CreateEnum
CREATE TYPE "OnCallDeviceType" AS ENUM ('COMPANY_PHONE', 'MANAGER_PHONE', 'COMPUTER');

-- CreateTable
CREATE TABLE "Enterprise" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "name" TEXT NOT NULL,
    "logoUrl" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Enterprise_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Facility" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "enterpriseId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "timezone" TEXT NOT NULL DEFAULT 'America/Chicago',
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "emergencyNotificationNumber" TEXT,
    "taskNotificationNumber" TEXT,
    "messageDeliveryMethods" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "isAlertLocationEnabled" BOOLEAN NOT NULL DEFAULT false,
    "isObservationsEnabled" BOOLEAN NOT NULL DEFAULT true,
    "observationsByCareType" JSONB,
    "routineCheckIntervalInMin" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Facility_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EhrIntegrationConfig" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "ehrProvider" TEXT NOT NULL,
    "enabledForCareTypes" "CareType"[] DEFAULT ARRAY[]::"CareType"[],
    "isResidentProfileSyncEnabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EhrIntegrationConfig_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EhrLockedField" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT,
    "ehrProvider" TEXT NOT NULL,
    "resourceField" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EhrLockedField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Feature" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "isEnabled" BOOLEAN NOT NULL DEFAULT true,
    "config" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Feature_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompanyPhone" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "phoneNumber" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CompanyPhone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CareZone" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "unitRids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "wards" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "careTypes" "CareType"[] DEFAULT ARRAY[]::"CareType"[],
    "buildings" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "wings" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "floors" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CareZone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Unit" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "value" TEXT,
    "careType" "CareType" NOT NULL DEFAULT 'NONE',
    "ward" TEXT,
    "building" TEXT,
    "wing" TEXT,
    "floor" TEXT,
    "phoneNumber" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Unit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Door" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "doorAlarmScheduleId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Door_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DoorAlarmSchedule" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "doorId" TEXT,
    "isFacilityDefault" BOOLEAN NOT NULL DEFAULT false,
    "defaultFacilityKey" TEXT,
    "alwaysAlert" BOOLEAN NOT NULL DEFAULT false,
    "neverAlert" BOOLEAN NOT NULL DEFAULT false,
    "dailySchedules" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DoorAlarmSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Resident" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "unitId" TEXT,
    "salutation" TEXT,
    "firstName" TEXT NOT NULL,
    "middleName" TEXT,
    "lastName" TEXT NOT NULL,
    "preferredName" TEXT,
    "dateOfBirth" DATE,
    "personalPhone" TEXT,
    "email" TEXT,
    "profilePictureUrl" TEXT,
    "isRoutineCheckEnabled" BOOLEAN NOT NULL DEFAULT false,
    "isOnHold" BOOLEAN NOT NULL DEFAULT false,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Resident_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResidentHealthInfo" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "residentId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "memoryLevel" TEXT,
    "continenceLevel" TEXT,
    "productProvider" TEXT,
    "wearsPads" BOOLEAN,
    "wearsPullups" BOOLEAN,
    "wearsBriefs" BOOLEAN,
    "safetyLevel" TEXT,
    "feedingLevel" TEXT,
    "bathingLevel" TEXT,
    "toiletingLevel" TEXT,
    "transferringLevel" TEXT,
    "mobilityLevel" TEXT,
    "dressingLevel" TEXT,
    "groomingLevel" TEXT,
    "resuscitationStrategy" "ResuscitationStrategy" NOT NULL DEFAULT 'UNKNOWN',
    "hospiceStatus" "HospiceStatus" NOT NULL DEFAULT 'UNKNOWN',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ResidentHealthInfo_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResidentContact" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "residentId" TEXT NOT NULL,
    "type" "ResidentContactType" NOT NULL DEFAULT 'CONTACT',
    "firstName" TEXT,
    "lastName" TEXT,
    "name" TEXT,
    "relationship" TEXT,
    "specialty" TEXT,
    "phoneNumber" TEXT,
    "email" TEXT,
    "address" TEXT,
    "isEmergencyContact" BOOLEAN NOT NULL DEFAULT false,
    "isPrimary" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ResidentContact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CheckIn" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "unitId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "status" "CheckInStatus" NOT NULL DEFAULT 'PENDING',
    "checkInReason" "CheckInReason",
    "checkInTimestamp" TIMESTAMPTZ(3),
    "checkedInById" TEXT,
    "isOnHold" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CheckIn_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Task" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "status" "TaskStatus" NOT NULL DEFAULT 'OPEN_UNCLAIMED',
    "severity" "Severity" NOT NULL,
    "severityRank" INTEGER NOT NULL,
    "unitId" TEXT,
    "residentId" TEXT,
    "deviceId" TEXT,
    "creatorStaffMemberId" TEXT,
    "assigneeId" TEXT,
    "assigneeGroupId" TEXT,
    "description" TEXT,
    "creationTimestamp" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdateTimestamp" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMPTZ(3),
    "resolvedById" TEXT,
    "alertOutcomeType" "AlertOutcomeType",
    "resolutionNote" TEXT,
    "respondingStaffRids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "observations" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "isTest" BOOLEAN NOT NULL DEFAULT false,
    "confirmingSince" TIMESTAMPTZ(3),
    "openDeviceKey" TEXT,

    CONSTRAINT "Task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskUpdate" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "taskId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "type" "TaskUpdateType" NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "creatorStaffMemberId" TEXT,
    "deviceId" TEXT,
    "careProvided" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TaskUpdate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskNote" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "taskId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "subject" TEXT,
    "content" TEXT NOT NULL,
    "creatorId" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TaskNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskChange" (
    "version" BIGSERIAL NOT NULL,
    "facilityId" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "status" "TaskStatus" NOT NULL,
    "severity" "Severity" NOT NULL,
    "changedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TaskChange_pkey" PRIMARY KEY ("version")
);

-- CreateTable
CREATE TABLE "TaskSchedule" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "severity" "Severity" NOT NULL DEFAULT 'MEDIUM_PRIORITY',
    "assigneeId" TEXT,
    "assigneeGroupId" TEXT,
    "residentId" TEXT,
    "unitId" TEXT,
    "startAt" TIMESTAMPTZ(3) NOT NULL,
    "durationInMin" INTEGER,
    "recurringIntervalInMin" INTEGER,
    "nextRunAt" TIMESTAMPTZ(3),
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TaskSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CareEvent" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "residentIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "creatorEntityIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "taskId" TEXT,
    "unitId" TEXT,
    "eventTimestamp" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CareEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CareEventNote" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "careEventId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "noteType" TEXT,
    "content" TEXT NOT NULL,
    "creatorId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CareEventNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CareOutcome" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "residentId" TEXT,
    "taskId" TEXT,
    "careEventId" TEXT,
    "residentActivityId" TEXT,
    "creatorId" TEXT,
    "outcome" "CareOutcomeValue" NOT NULL,
    "careProvided" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CareOutcome_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResidentActivity" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "creatorId" TEXT NOT NULL,
    "groupId" TEXT,
    "residentId" TEXT NOT NULL,
    "unitId" TEXT,
    "taskId" TEXT,
    "observations" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "resolutionNote" TEXT,
    "respondingStaffRids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "isRefusal" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ResidentActivity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rule" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT,
    "enterpriseId" TEXT,
    "name" TEXT NOT NULL,
    "category" "InsightCategory" NOT NULL,
    "scope" "InsightScope" NOT NULL DEFAULT 'USER',
    "isEnabled" BOOLEAN NOT NULL DEFAULT true,
    "definition" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Rule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Insight" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "ruleId" TEXT,
    "category" "InsightCategory" NOT NULL,
    "scope" "InsightScope" NOT NULL DEFAULT 'USER',
    "staffMemberId" TEXT,
    "title" TEXT,
    "description" TEXT,
    "data" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resetAt" TIMESTAMPTZ(3),

    CONSTRAINT "Insight_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Workflow" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "insightId" TEXT NOT NULL,
    "type" TEXT,
    "status" "WorkflowStatus" NOT NULL DEFAULT 'OPEN',
    "assigneeId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Workflow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowAction" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "workflowId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "type" "WorkflowActionType" NOT NULL,
    "details" JSONB,
    "note" TEXT,
    "creatorId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkflowAction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Recognition" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "senderId" TEXT NOT NULL,
    "recipientId" TEXT NOT NULL,
    "workflowId" TEXT,
    "note" TEXT,
    "seenByRecipient" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Recognition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Device" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "hardwareId" TEXT NOT NULL,
    "type" "DeviceType" NOT NULL,
    "facilityId" TEXT,
    "enterpriseId" TEXT,
    "lastPressTimestamp" TIMESTAMPTZ(3),
    "batteryLevel" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Device_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeviceAllocation" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "deviceId" TEXT NOT NULL,
    "residentId" TEXT,
    "unitId" TEXT,
    "doorId" TEXT,
    "room" TEXT,
    "isCheckIn" BOOLEAN NOT NULL DEFAULT false,
    "isSilent" BOOLEAN NOT NULL DEFAULT false,
    "displayName" TEXT,
    "doorAlarmScheduleId" TEXT,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "activeDeviceKey" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "unallocatedAt" TIMESTAMPTZ(3),

    CONSTRAINT "DeviceAllocation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeviceActivity" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "deviceId" TEXT NOT NULL,
    "type" "DeviceEventType" NOT NULL,
    "batteryLevel" INTEGER,
    "timestamp" TIMESTAMPTZ(3) NOT NULL,
    "deviceEventId" TEXT,
    "taskId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeviceActivity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FacilityGateway" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FacilityGateway_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeviceEvent" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "eventId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "gatewayId" TEXT NOT NULL,
    "hardwareId" TEXT NOT NULL,
    "type" "DeviceEventType" NOT NULL,
    "eventTimestamp" TIMESTAMPTZ(3) NOT NULL,
    "batteryLevel" INTEGER,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMPTZ(3),
    "deviceId" TEXT,
    "outcome" TEXT,

    CONSTRAINT "DeviceEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StaffMember" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "enterpriseId" TEXT,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "phoneNumber" TEXT NOT NULL,
    "email" TEXT,
    "jobTitle" TEXT,
    "profilePictureUrl" TEXT,
    "isAgencyStaff" BOOLEAN NOT NULL DEFAULT false,
    "isCareAdmin" BOOLEAN NOT NULL DEFAULT false,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "lockedUntil" TIMESTAMPTZ(3),
    "failedLoginAttempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Group" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "type" "GroupType" NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Group_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GroupMembership" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "groupId" TEXT NOT NULL,
    "staffMemberId" TEXT NOT NULL,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GroupMembership_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OnCallState" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "staffMemberId" TEXT NOT NULL,
    "isOnCall" BOOLEAN NOT NULL DEFAULT false,
    "companyPhoneId" TEXT,
    "deviceType" "OnCallDeviceType",
    "activeCompanyPhoneKey" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OnCallState_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StaffMemberFacilityConfig" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT,
    "staffMemberId" TEXT NOT NULL,
    "shouldReceiveAllCareAlerts" BOOLEAN NOT NULL DEFAULT false,
    "shouldReceiveAllCareMessages" BOOLEAN NOT NULL DEFAULT false,
    "isCareAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffMemberFacilityConfig_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StaffMemberFacilityConfigCareZone" (
    "staffMemberFacilityConfigId" TEXT NOT NULL,
    "careZoneId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffMemberFacilityConfigCareZone_pkey" PRIMARY KEY ("staffMemberFacilityConfigId","careZoneId")
);

-- CreateTable
CREATE TABLE "StaffFacilityPreference" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "staffMemberId" TEXT NOT NULL,
    "pinnedResidentIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffFacilityPreference_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationPolicy" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT NOT NULL,
    "type" "NotificationPolicyType" NOT NULL DEFAULT 'ALERT',
    "version" INTEGER NOT NULL DEFAULT 1,
    "name" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotificationPolicy_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationBlock" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "policyId" TEXT NOT NULL,
    "executionTimeAfterStartInMs" INTEGER NOT NULL DEFAULT 0,
    "recurringIntervalInMs" INTEGER NOT NULL DEFAULT 0,
    "isBreakGlass" BOOLEAN NOT NULL DEFAULT false,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotificationBlock_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationFilter" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "blockId" TEXT NOT NULL,
    "groupIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "staffMemberIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "careZoneIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "severities" "Severity"[] DEFAULT ARRAY[]::"Severity"[],
    "onCallOnly" BOOLEAN NOT NULL DEFAULT true,
    "criteria" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotificationFilter_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationContext" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "policyId" TEXT,
    "policyVersion" INTEGER,
    "taskId" TEXT,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMPTZ(3),
    "state" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotificationContext_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PhoneNumberSubscription" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT,
    "senderPhoneNumber" TEXT NOT NULL,
    "recipientPhoneNumber" TEXT NOT NULL,
    "status" "SubscriptionStatus" NOT NULL DEFAULT 'SUBSCRIBED',
    "topic" "SubscriptionTopic" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PhoneNumberSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebPushSubscription" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "recipientId" TEXT NOT NULL,
    "facilityId" TEXT,
    "enterpriseId" TEXT,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "expirationTime" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebPushSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Message" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "enterpriseId" TEXT,
    "taskId" TEXT,
    "topic" "SubscriptionTopic",
    "title" TEXT,
    "body" TEXT NOT NULL,
    "data" JSONB,
    "createdById" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MessageSent" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "messageId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "recipientId" TEXT,
    "channel" TEXT NOT NULL,
    "to" TEXT,
    "webPushSubscriptionId" TEXT,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'SENT',
    "statusTimestamp" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MessageSent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditSession" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "sessionType" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "startedById" TEXT,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMPTZ(3),
    "data" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditSessionRecord" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "auditSessionId" TEXT NOT NULL,
    "facilityId" TEXT NOT NULL,
    "deviceId" TEXT,
    "taskId" TEXT,
    "data" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditSessionRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeviceQaSession" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "deviceId" TEXT,
    "status" TEXT NOT NULL,
    "result" JSONB,
    "startedById" TEXT,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeviceQaSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertLocationSession" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "auditSessionId" TEXT,
    "status" TEXT NOT NULL,
    "data" JSONB,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertLocationSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LocationQueryResult" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "deviceId" TEXT NOT NULL,
    "unitId" TEXT,
    "locationName" TEXT,
    "confidence" DOUBLE PRECISION,
    "data" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LocationQueryResult_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DataSource" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "facilityId" TEXT,
    "enterpriseId" TEXT,
    "name" TEXT NOT NULL,
    "dialect" TEXT NOT NULL,
    "config" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DataSource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QueryDefinition" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "dataSourceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "parameters" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QueryDefinition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QueryExecution" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "queryDefinitionId" TEXT NOT NULL,
    "facilityId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "parameters" JSONB,
    "result" JSONB,
    "error" TEXT,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMPTZ(3),
    "canceledAt" TIMESTAMPTZ(3),
    "expiresAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QueryExecution_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MediaImage" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "resourceId" TEXT NOT NULL,
    "facilityId" TEXT,
    "enterpriseId" TEXT,
    "contentType" TEXT NOT NULL DEFAULT 'application/octet-stream',
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MediaImage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginCode" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "phoneNumber" TEXT NOT NULL,
    "channel" "OutboxChannel" NOT NULL DEFAULT 'SMS',
    "staffMemberId" TEXT,
    "codeHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "consumedAt" TIMESTAMPTZ(3),
    "requestIp" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoginCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RefreshToken" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "staffMemberId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "parentId" TEXT,
    "usedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RefreshToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" TEXT NOT NULL DEFAULT gen_random_uuid()::text,
    "channel" "OutboxChannel" NOT NULL DEFAULT 'SMS',
    "to" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "subject" TEXT,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServerKey" (
    "name" TEXT NOT NULL,
    "publicKey" TEXT NOT NULL,
    "privateKey" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServerKey_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "Enterprise_name_idx" ON "Enterprise"("name");

-- CreateIndex
CREATE INDEX "Facility_enterpriseId_idx" ON "Facility"("enterpriseId");

-- CreateIndex
CREATE INDEX "Facility_emergencyNotificationNumber_idx" ON "Facility"("emergencyNotificationNumber");

-- CreateIndex
CREATE INDEX "Facility_taskNotificationNumber_idx" ON "Facility"("taskNotificationNumber");

-- CreateIndex
CREATE UNIQUE INDEX "EhrIntegrationConfig_facilityId_ehrProvider_key" ON "EhrIntegrationConfig"("facilityId", "ehrProvider");

-- CreateIndex
CREATE UNIQUE INDEX "EhrLockedField_facilityId_ehrProvider_resourceField_key" ON "EhrLockedField"("facilityId", "ehrProvider", "resourceField");

-- CreateIndex
CREATE UNIQUE INDEX "Feature_facilityId_name_key" ON "Feature"("facilityId", "name");

-- CreateIndex
CREATE INDEX "CompanyPhone_facilityId_displayName_idx" ON "CompanyPhone"("facilityId", "displayName");

-- CreateIndex
CREATE INDEX "CompanyPhone_enterpriseId_idx" ON "CompanyPhone"("enterpriseId");

-- CreateIndex
CREATE INDEX "CareZone_enterpriseId_idx" ON "CareZone"("enterpriseId");

-- CreateIndex
CREATE UNIQUE INDEX "CareZone_facilityId_name_key" ON "CareZone"("facilityId", "name");

-- CreateIndex
CREATE INDEX "Unit_facilityId_careType_idx" ON "Unit"("facilityId", "careType");

-- CreateIndex
CREATE INDEX "Unit_enterpriseId_idx" ON "Unit"("enterpriseId");

-- CreateIndex
CREATE UNIQUE INDEX "Unit_facilityId_displayName_key" ON "Unit"("facilityId", "displayName");

-- CreateIndex
CREATE INDEX "Door_doorAlarmScheduleId_idx" ON "Door"("doorAlarmScheduleId");

-- CreateIndex
CREATE UNIQUE INDEX "Door_facilityId_name_key" ON "Door"("facilityId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "DoorAlarmSchedule_defaultFacilityKey_key" ON "DoorAlarmSchedule"("defaultFacilityKey");

-- CreateIndex
CREATE INDEX "DoorAlarmSchedule_facilityId_doorId_idx" ON "DoorAlarmSchedule"("facilityId", "doorId");

-- CreateIndex
CREATE INDEX "DoorAlarmSchedule_facilityId_isFacilityDefault_idx" ON "DoorAlarmSchedule"("facilityId", "isFacilityDefault");

-- CreateIndex
CREATE INDEX "Resident_facilityId_unitId_idx" ON "Resident"("facilityId", "unitId");

-- CreateIndex
CREATE INDEX "Resident_facilityId_isArchived_lastName_firstName_idx" ON "Resident"("facilityId", "isArchived", "lastName", "firstName");

-- CreateIndex
CREATE INDEX "Resident_unitId_idx" ON "Resident"("unitId");

-- CreateIndex
CREATE INDEX "Resident_enterpriseId_idx" ON "Resident"("enterpriseId");

-- CreateIndex
CREATE UNIQUE INDEX "ResidentHealthInfo_residentId_key" ON "ResidentHealthInfo"("residentId");

-- CreateIndex
CREATE INDEX "ResidentHealthInfo_facilityId_idx" ON "ResidentHealthInfo"("facilityId");

-- CreateIndex
CREATE INDEX "ResidentContact_facilityId_residentId_type_idx" ON "ResidentContact"("facilityId", "residentId", "type");

-- CreateIndex
CREATE INDEX "ResidentContact_residentId_idx" ON "ResidentContact"("residentId");

-- CreateIndex
CREATE INDEX "CheckIn_facilityId_date_status_idx" ON "CheckIn"("facilityId", "date", "status");

-- CreateIndex
CREATE INDEX "CheckIn_unitId_idx" ON "CheckIn"("unitId");

-- CreateIndex
CREATE UNIQUE INDEX "CheckIn_facilityId_unitId_date_key" ON "CheckIn"("facilityId", "unitId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "Task_openDeviceKey_key" ON "Task"("openDeviceKey");

-- CreateIndex
CREATE INDEX "Task_facilityId_status_severityRank_creationTimestamp_idx" ON "Task"("facilityId", "status", "severityRank", "creationTimestamp");

-- CreateIndex
CREATE INDEX "Task_facilityId_creationTimestamp_idx" ON "Task"("facilityId", "creationTimestamp");

-- CreateIndex
CREATE INDEX "Task_facilityId_assigneeId_status_idx" ON "Task"("facilityId", "assigneeId", "status");

-- CreateIndex
CREATE INDEX "Task_facilityId_assigneeGroupId_status_idx" ON "Task"("facilityId", "assigneeGroupId", "status");

-- CreateIndex
CREATE INDEX "Task_facilityId_residentId_creationTimestamp_idx" ON "Task"("facilityId", "residentId", "creationTimestamp");

-- CreateIndex
CREATE INDEX "Task_facilityId_unitId_status_idx" ON "Task"("facilityId", "unitId", "status");

-- CreateIndex
CREATE INDEX "Task_confirmingSince_idx" ON "Task"("confirmingSince");

-- CreateIndex
CREATE INDEX "Task_deviceId_idx" ON "Task"("deviceId");

-- CreateIndex
CREATE INDEX "TaskUpdate_facilityId_taskId_createdAt_idx" ON "TaskUpdate"("facilityId", "taskId", "createdAt");

-- CreateIndex
CREATE INDEX "TaskUpdate_taskId_createdAt_idx" ON "TaskUpdate"("taskId", "createdAt");

-- CreateIndex
CREATE INDEX "TaskNote_facilityId_taskId_createdAt_idx" ON "TaskNote"("facilityId", "taskId", "createdAt");

-- CreateIndex
CREATE INDEX "TaskNote_taskId_idx" ON "TaskNote"("taskId");

-- CreateIndex
CREATE INDEX "TaskChange_facilityId_version_idx" ON "TaskChange"("facilityId", "version");

-- CreateIndex
CREATE INDEX "TaskChange_changedAt_idx" ON "TaskChange"("changedAt");

-- CreateIndex
CREATE INDEX "TaskSchedule_facilityId_isActive_nextRunAt_idx" ON "TaskSchedule"("facilityId", "isActive", "nextRunAt");

-- CreateIndex
CREATE INDEX "TaskSchedule_nextRunAt_idx" ON "TaskSchedule"("nextRunAt");

-- CreateIndex
CREATE UNIQUE INDEX "CareEvent_taskId_key" ON "CareEvent"("taskId");

-- CreateIndex
CREATE INDEX "CareEvent_facilityId_eventTimestamp_idx" ON "CareEvent"("facilityId", "eventTimestamp");

-- CreateIndex
CREATE INDEX "CareEvent_residentIds_idx" ON "CareEvent" USING GIN ("residentIds");

-- CreateIndex
CREATE INDEX "CareEvent_creatorEntityIds_idx" ON "CareEvent" USING GIN ("creatorEntityIds");

-- CreateIndex
CREATE INDEX "CareEventNote_facilityId_careEventId_idx" ON "CareEventNote"("facilityId", "careEventId");

-- CreateIndex
CREATE INDEX "CareEventNote_careEventId_idx" ON "CareEventNote"("careEventId");

-- CreateIndex
CREATE INDEX "CareOutcome_facilityId_residentId_createdAt_idx" ON "CareOutcome"("facilityId", "residentId", "createdAt");

-- CreateIndex
CREATE INDEX "CareOutcome_facilityId_creatorId_createdAt_idx" ON "CareOutcome"("facilityId", "creatorId", "createdAt");

-- CreateIndex
CREATE INDEX "CareOutcome_taskId_idx" ON "CareOutcome"("taskId");

-- CreateIndex
CREATE INDEX "CareOutcome_careEventId_idx" ON "CareOutcome"("careEventId");

-- CreateIndex
CREATE INDEX "CareOutcome_residentActivityId_idx" ON "CareOutcome"("residentActivityId");

-- CreateIndex
CREATE INDEX "ResidentActivity_facilityId_residentId_createdAt_idx" ON "ResidentActivity"("facilityId", "residentId", "createdAt");

-- CreateIndex
CREATE INDEX "ResidentActivity_facilityId_creatorId_createdAt_idx" ON "ResidentActivity"("facilityId", "creatorId", "createdAt");

-- CreateIndex
CREATE INDEX "ResidentActivity_residentId_idx" ON "ResidentActivity"("residentId");

-- CreateIndex
CREATE INDEX "Rule_facilityId_category_idx" ON "Rule"("facilityId", "category");

-- CreateIndex
CREATE INDEX "Rule_enterpriseId_idx" ON "Rule"("enterpriseId");

-- CreateIndex
CREATE INDEX "Insight_facilityId_category_createdAt_idx" ON "Insight"("facilityId", "category", "createdAt");

-- CreateIndex
CREATE INDEX "Insight_facilityId_staffMemberId_createdAt_idx" ON "Insight"("facilityId", "staffMemberId", "createdAt");

-- CreateIndex
CREATE INDEX "Insight_ruleId_idx" ON "Insight"("ruleId");

-- CreateIndex
CREATE INDEX "Workflow_facilityId_insightId_status_idx" ON "Workflow"("facilityId", "insightId", "status");

-- CreateIndex
CREATE INDEX "Workflow_facilityId_status_type_idx" ON "Workflow"("facilityId", "status", "type");

-- CreateIndex
CREATE INDEX "Workflow_insightId_idx" ON "Workflow"("insightId");

-- CreateIndex
CREATE INDEX "WorkflowAction_facilityId_workflowId_createdAt_idx" ON "WorkflowAction"("facilityId", "workflowId", "createdAt");

-- CreateIndex
CREATE INDEX "WorkflowAction_workflowId_idx" ON "WorkflowAction"("workflowId");

-- CreateIndex
CREATE INDEX "Recognition_facilityId_recipientId_seenByRecipient_createdA_idx" ON "Recognition"("facilityId", "recipientId", "seenByRecipient", "createdAt");

-- CreateIndex
CREATE INDEX "Recognition_recipientId_idx" ON "Recognition"("recipientId");

-- CreateIndex
CREATE INDEX "Recognition_senderId_idx" ON "Recognition"("senderId");

-- CreateIndex
CREATE UNIQUE INDEX "Device_hardwareId_key" ON "Device"("hardwareId");

-- CreateIndex
CREATE INDEX "Device_facilityId_type_idx" ON "Device"("facilityId", "type");

-- CreateIndex
CREATE INDEX "Device_createdAt_idx" ON "Device"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "DeviceAllocation_activeDeviceKey_key" ON "DeviceAllocation"("activeDeviceKey");

-- CreateIndex
CREATE INDEX "DeviceAllocation_facilityId_isActive_residentId_idx" ON "DeviceAllocation"("facilityId", "isActive", "residentId");

-- CreateIndex
CREATE INDEX "DeviceAllocation_facilityId_isActive_unitId_idx" ON "DeviceAllocation"("facilityId", "isActive", "unitId");

-- CreateIndex
CREATE INDEX "DeviceAllocation_facilityId_isActive_doorId_idx" ON "DeviceAllocation"("facilityId", "isActive", "doorId");

-- CreateIndex
CREATE INDEX "DeviceAllocation_deviceId_idx" ON "DeviceAllocation"("deviceId");

-- CreateIndex
CREATE INDEX "DeviceAllocation_residentId_idx" ON "DeviceAllocation"("residentId");

-- CreateIndex
CREATE INDEX "DeviceAllocation_unitId_idx" ON "DeviceAllocation"("unitId");

-- CreateIndex
CREATE INDEX "DeviceAllocation_doorId_idx" ON "DeviceAllocation"("doorId");

-- CreateIndex
CREATE INDEX "DeviceActivity_facilityId_deviceId_timestamp_idx" ON "DeviceActivity"("facilityId", "deviceId", "timestamp");

-- CreateIndex
CREATE INDEX "DeviceActivity_deviceId_timestamp_idx" ON "DeviceActivity"("deviceId", "timestamp");

-- CreateIndex
CREATE UNIQUE INDEX "FacilityGateway_keyHash_key" ON "FacilityGateway"("keyHash");

-- CreateIndex
CREATE INDEX "FacilityGateway_facilityId_idx" ON "FacilityGateway"("facilityId");

-- CreateIndex
CREATE UNIQUE INDEX "DeviceEvent_eventId_key" ON "DeviceEvent"("eventId");

-- CreateIndex
CREATE INDEX "DeviceEvent_facilityId_receivedAt_idx" ON "DeviceEvent"("facilityId", "receivedAt");

-- CreateIndex
CREATE INDEX "DeviceEvent_facilityId_hardwareId_eventTimestamp_idx" ON "DeviceEvent"("facilityId", "hardwareId", "eventTimestamp");

-- CreateIndex
CREATE INDEX "DeviceEvent_processedAt_receivedAt_idx" ON "DeviceEvent"("processedAt", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "StaffMember_phoneNumber_key" ON "StaffMember"("phoneNumber");

-- CreateIndex
CREATE UNIQUE INDEX "StaffMember_email_key" ON "StaffMember"("email");

-- CreateIndex
CREATE INDEX "StaffMember_enterpriseId_isArchived_idx" ON "StaffMember"("enterpriseId", "isArchived");

-- CreateIndex
CREATE INDEX "StaffMember_lastName_firstName_idx" ON "StaffMember"("lastName", "firstName");

-- CreateIndex
CREATE INDEX "Group_facilityId_type_idx" ON "Group"("facilityId", "type");

-- CreateIndex
CREATE INDEX "Group_enterpriseId_idx" ON "Group"("enterpriseId");

-- CreateIndex
CREATE UNIQUE INDEX "Group_facilityId_name_key" ON "Group"("facilityId", "name");

-- CreateIndex
CREATE INDEX "GroupMembership_facilityId_staffMemberId_idx" ON "GroupMembership"("facilityId", "staffMemberId");

-- CreateIndex
CREATE INDEX "GroupMembership_staffMemberId_idx" ON "GroupMembership"("staffMemberId");

-- CreateIndex
CREATE UNIQUE INDEX "GroupMembership_groupId_staffMemberId_key" ON "GroupMembership"("groupId", "staffMemberId");

-- CreateIndex
CREATE UNIQUE INDEX "OnCallState_activeCompanyPhoneKey_key" ON "OnCallState"("activeCompanyPhoneKey");

-- CreateIndex
CREATE INDEX "OnCallState_facilityId_isOnCall_idx" ON "OnCallState"("facilityId", "isOnCall");

-- CreateIndex
CREATE INDEX "OnCallState_staffMemberId_idx" ON "OnCallState"("staffMemberId");

-- CreateIndex
CREATE INDEX "OnCallState_companyPhoneId_idx" ON "OnCallState"("companyPhoneId");

-- CreateIndex
CREATE UNIQUE INDEX "OnCallState_facilityId_staffMemberId_key" ON "OnCallState"("facilityId", "staffMemberId");

-- CreateIndex
CREATE INDEX "StaffMemberFacilityConfig_staffMemberId_idx" ON "StaffMemberFacilityConfig"("staffMemberId");

-- CreateIndex
CREATE UNIQUE INDEX "StaffMemberFacilityConfig_facilityId_staffMemberId_key" ON "StaffMemberFacilityConfig"("facilityId", "staffMemberId");

-- CreateIndex
CREATE INDEX "StaffMemberFacilityConfigCareZone_facilityId_careZoneId_idx" ON "StaffMemberFacilityConfigCareZone"("facilityId", "careZoneId");

-- CreateIndex
CREATE INDEX "StaffMemberFacilityConfigCareZone_careZoneId_idx" ON "StaffMemberFacilityConfigCareZone"("careZoneId");

-- CreateIndex
CREATE INDEX "StaffFacilityPreference_staffMemberId_idx" ON "StaffFacilityPreference"("staffMemberId");

-- CreateIndex
CREATE UNIQUE INDEX "StaffFacilityPreference_facilityId_staffMemberId_key" ON "StaffFacilityPreference"("facilityId", "staffMemberId");

-- CreateIndex
CREATE INDEX "NotificationPolicy_facilityId_type_idx" ON "NotificationPolicy"("facilityId", "type");

-- CreateIndex
CREATE INDEX "NotificationBlock_facilityId_policyId_idx" ON "NotificationBlock"("facilityId", "policyId");

-- CreateIndex
CREATE INDEX "NotificationBlock_policyId_idx" ON "NotificationBlock"("policyId");

-- CreateIndex
CREATE INDEX "NotificationFilter_facilityId_blockId_idx" ON "NotificationFilter"("facilityId", "blockId");

-- CreateIndex
CREATE INDEX "NotificationFilter_blockId_idx" ON "NotificationFilter"("blockId");

-- CreateIndex
CREATE INDEX "NotificationContext_facilityId_taskId_idx" ON "NotificationContext"("facilityId", "taskId");

-- CreateIndex
CREATE INDEX "NotificationContext_policyId_idx" ON "NotificationContext"("policyId");

-- CreateIndex
CREATE INDEX "PhoneNumberSubscription_recipientPhoneNumber_idx" ON "PhoneNumberSubscription"("recipientPhoneNumber");

-- CreateIndex
CREATE INDEX "PhoneNumberSubscription_facilityId_idx" ON "PhoneNumberSubscription"("facilityId");

-- CreateIndex
CREATE UNIQUE INDEX "PhoneNumberSubscription_senderPhoneNumber_recipientPhoneNum_key" ON "PhoneNumberSubscription"("senderPhoneNumber", "recipientPhoneNumber");

-- CreateIndex
CREATE INDEX "WebPushSubscription_facilityId_recipientId_idx" ON "WebPushSubscription"("facilityId", "recipientId");

-- CreateIndex
CREATE INDEX "WebPushSubscription_endpoint_idx" ON "WebPushSubscription"("endpoint");

-- CreateIndex
CREATE UNIQUE INDEX "WebPushSubscription_recipientId_endpoint_key" ON "WebPushSubscription"("recipientId", "endpoint");

-- CreateIndex
CREATE INDEX "Message_facilityId_createdAt_idx" ON "Message"("facilityId", "createdAt");

-- CreateIndex
CREATE INDEX "Message_taskId_idx" ON "Message"("taskId");

-- CreateIndex
CREATE INDEX "MessageSent_facilityId_recipientId_createdAt_idx" ON "MessageSent"("facilityId", "recipientId", "createdAt");

-- CreateIndex
CREATE INDEX "MessageSent_messageId_idx" ON "MessageSent"("messageId");

-- CreateIndex
CREATE INDEX "AuditSession_facilityId_sessionType_status_idx" ON "AuditSession"("facilityId", "sessionType", "status");

-- CreateIndex
CREATE INDEX "AuditSessionRecord_facilityId_auditSessionId_idx" ON "AuditSessionRecord"("facilityId", "auditSessionId");

-- CreateIndex
CREATE INDEX "AuditSessionRecord_auditSessionId_idx" ON "AuditSessionRecord"("auditSessionId");

-- CreateIndex
CREATE INDEX "DeviceQaSession_facilityId_status_idx" ON "DeviceQaSession"("facilityId", "status");

-- CreateIndex
CREATE INDEX "DeviceQaSession_facilityId_deviceId_idx" ON "DeviceQaSession"("facilityId", "deviceId");

-- CreateIndex
CREATE INDEX "AlertLocationSession_facilityId_status_idx" ON "AlertLocationSession"("facilityId", "status");

-- CreateIndex
CREATE INDEX "AlertLocationSession_auditSessionId_idx" ON "AlertLocationSession"("auditSessionId");

-- CreateIndex
CREATE INDEX "LocationQueryResult_facilityId_taskId_deviceId_idx" ON "LocationQueryResult"("facilityId", "taskId", "deviceId");

-- CreateIndex
CREATE INDEX "LocationQueryResult_taskId_idx" ON "LocationQueryResult"("taskId");

-- CreateIndex
CREATE UNIQUE INDEX "DataSource_name_key" ON "DataSource"("name");

-- CreateIndex
CREATE INDEX "DataSource_facilityId_idx" ON "DataSource"("facilityId");

-- CreateIndex
CREATE INDEX "DataSource_dialect_idx" ON "DataSource"("dialect");

-- CreateIndex
CREATE UNIQUE INDEX "QueryDefinition_name_key" ON "QueryDefinition"("name");

-- CreateIndex
CREATE INDEX "QueryDefinition_dataSourceId_idx" ON "QueryDefinition"("dataSourceId");

-- CreateIndex
CREATE INDEX "QueryExecution_queryDefinitionId_status_createdAt_idx" ON "QueryExecution"("queryDefinitionId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "QueryExecution_facilityId_idx" ON "QueryExecution"("facilityId");

-- CreateIndex
CREATE UNIQUE INDEX "MediaImage_resourceId_key" ON "MediaImage"("resourceId");

-- CreateIndex
CREATE INDEX "MediaImage_facilityId_idx" ON "MediaImage"("facilityId");

-- CreateIndex
CREATE INDEX "LoginCode_phoneNumber_createdAt_idx" ON "LoginCode"("phoneNumber", "createdAt");

-- CreateIndex
CREATE INDEX "LoginCode_staffMemberId_channel_createdAt_idx" ON "LoginCode"("staffMemberId", "channel", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "RefreshToken_tokenHash_key" ON "RefreshToken"("tokenHash");

-- CreateIndex
CREATE INDEX "RefreshToken_familyId_idx" ON "RefreshToken"("familyId");

-- CreateIndex
CREATE INDEX "RefreshToken_staffMemberId_idx" ON "RefreshToken"("staffMemberId");

-- CreateIndex
CREATE INDEX "OutboxMessage_to_createdAt_idx" ON "OutboxMessage"("to", "createdAt");

-- AddForeignKey
ALTER TABLE "Facility" ADD CONSTRAINT "Facility_enterpriseId_fkey" FOREIGN KEY ("enterpriseId") REFERENCES "Enterprise"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EhrIntegrationConfig" ADD CONSTRAINT "EhrIntegrationConfig_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EhrLockedField" ADD CONSTRAINT "EhrLockedField_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Feature" ADD CONSTRAINT "Feature_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyPhone" ADD CONSTRAINT "CompanyPhone_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CareZone" ADD CONSTRAINT "CareZone_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Door" ADD CONSTRAINT "Door_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Door" ADD CONSTRAINT "Door_doorAlarmScheduleId_fkey" FOREIGN KEY ("doorAlarmScheduleId") REFERENCES "DoorAlarmSchedule"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DoorAlarmSchedule" ADD CONSTRAINT "DoorAlarmSchedule_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DoorAlarmSchedule" ADD CONSTRAINT "DoorAlarmSchedule_doorId_fkey" FOREIGN KEY ("doorId") REFERENCES "Door"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Resident" ADD CONSTRAINT "Resident_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Resident" ADD CONSTRAINT "Resident_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResidentHealthInfo" ADD CONSTRAINT "ResidentHealthInfo_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "Resident"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResidentContact" ADD CONSTRAINT "ResidentContact_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "Resident"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckIn" ADD CONSTRAINT "CheckIn_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CheckIn" ADD CONSTRAINT "CheckIn_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "Resident"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "Device"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_creatorStaffMemberId_fkey" FOREIGN KEY ("creatorStaffMemberId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_assigneeGroupId_fkey" FOREIGN KEY ("assigneeGroupId") REFERENCES "Group"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_resolvedById_fkey" FOREIGN KEY ("resolvedById") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskUpdate" ADD CONSTRAINT "TaskUpdate_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskUpdate" ADD CONSTRAINT "TaskUpdate_creatorStaffMemberId_fkey" FOREIGN KEY ("creatorStaffMemberId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskNote" ADD CONSTRAINT "TaskNote_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskNote" ADD CONSTRAINT "TaskNote_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "StaffMember"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskSchedule" ADD CONSTRAINT "TaskSchedule_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CareEvent" ADD CONSTRAINT "CareEvent_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CareEvent" ADD CONSTRAINT "CareEvent_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CareEventNote" ADD CONSTRAINT "CareEventNote_careEventId_fkey" FOREIGN KEY ("careEventId") REFERENCES "CareEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CareOutcome" ADD CONSTRAINT "CareOutcome_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "Resident"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CareOutcome" ADD CONSTRAINT "CareOutcome_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CareOutcome" ADD CONSTRAINT "CareOutcome_careEventId_fkey" FOREIGN KEY ("careEventId") REFERENCES "CareEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CareOutcome" ADD CONSTRAINT "CareOutcome_residentActivityId_fkey" FOREIGN KEY ("residentActivityId") REFERENCES "ResidentActivity"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResidentActivity" ADD CONSTRAINT "ResidentActivity_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResidentActivity" ADD CONSTRAINT "ResidentActivity_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "Resident"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResidentActivity" ADD CONSTRAINT "ResidentActivity_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "StaffMember"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Insight" ADD CONSTRAINT "Insight_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Insight" ADD CONSTRAINT "Insight_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "Rule"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Insight" ADD CONSTRAINT "Insight_staffMemberId_fkey" FOREIGN KEY ("staffMemberId") REFERENCES "StaffMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Workflow" ADD CONSTRAINT "Workflow_insightId_fkey" FOREIGN KEY ("insightId") REFERENCES "Insight"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowAction" ADD CONSTRAINT "WorkflowAction_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Recognition" ADD CONSTRAINT "Recognition_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Recognition" ADD CONSTRAINT "Recognition_senderId_fkey" FOREIGN KEY ("senderId") REFERENCES "StaffMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Recognition" ADD CONSTRAINT "Recognition_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "StaffMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Recognition" ADD CONSTRAINT "Recognition_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Device" ADD CONSTRAINT "Device_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeviceAllocation" ADD CONSTRAINT "DeviceAllocation_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeviceAllocation" ADD CONSTRAINT "DeviceAllocation_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "Device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeviceAllocation" ADD CONSTRAINT "DeviceAllocation_residentId_fkey" FOREIGN KEY ("residentId") REFERENCES "Resident"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeviceAllocation" ADD CONSTRAINT "DeviceAllocation_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeviceAllocation" ADD CONSTRAINT "DeviceAllocation_doorId_fkey" FOREIGN KEY ("doorId") REFERENCES "Door"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeviceAllocation" ADD CONSTRAINT "DeviceAllocation_doorAlarmScheduleId_fkey" FOREIGN KEY ("doorAlarmScheduleId") REFERENCES "DoorAlarmSchedule"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeviceActivity" ADD CONSTRAINT "DeviceActivity_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "Device"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FacilityGateway" ADD CONSTRAINT "FacilityGateway_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Group" ADD CONSTRAINT "Group_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupMembership" ADD CONSTRAINT "GroupMembership_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "Group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupMembership" ADD CONSTRAINT "GroupMembership_staffMemberId_fkey" FOREIGN KEY ("staffMemberId") REFERENCES "StaffMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OnCallState" ADD CONSTRAINT "OnCallState_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OnCallState" ADD CONSTRAINT "OnCallState_staffMemberId_fkey" FOREIGN KEY ("staffMemberId") REFERENCES "StaffMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OnCallState" ADD CONSTRAINT "OnCallState_companyPhoneId_fkey" FOREIGN KEY ("companyPhoneId") REFERENCES "CompanyPhone"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffMemberFacilityConfig" ADD CONSTRAINT "StaffMemberFacilityConfig_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffMemberFacilityConfig" ADD CONSTRAINT "StaffMemberFacilityConfig_staffMemberId_fkey" FOREIGN KEY ("staffMemberId") REFERENCES "StaffMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffMemberFacilityConfigCareZone" ADD CONSTRAINT "StaffMemberFacilityConfigCareZone_staffMemberFacilityConfi_fkey" FOREIGN KEY ("staffMemberFacilityConfigId") REFERENCES "StaffMemberFacilityConfig"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffMemberFacilityConfigCareZone" ADD CONSTRAINT "StaffMemberFacilityConfigCareZone_careZoneId_fkey" FOREIGN KEY ("careZoneId") REFERENCES "CareZone"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffFacilityPreference" ADD CONSTRAINT "StaffFacilityPreference_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffFacilityPreference" ADD CONSTRAINT "StaffFacilityPreference_staffMemberId_fkey" FOREIGN KEY ("staffMemberId") REFERENCES "StaffMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationPolicy" ADD CONSTRAINT "NotificationPolicy_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationBlock" ADD CONSTRAINT "NotificationBlock_policyId_fkey" FOREIGN KEY ("policyId") REFERENCES "NotificationPolicy"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationFilter" ADD CONSTRAINT "NotificationFilter_blockId_fkey" FOREIGN KEY ("blockId") REFERENCES "NotificationBlock"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationContext" ADD CONSTRAINT "NotificationContext_policyId_fkey" FOREIGN KEY ("policyId") REFERENCES "NotificationPolicy"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebPushSubscription" ADD CONSTRAINT "WebPushSubscription_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "StaffMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageSent" ADD CONSTRAINT "MessageSent_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditSession" ADD CONSTRAINT "AuditSession_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditSessionRecord" ADD CONSTRAINT "AuditSessionRecord_auditSessionId_fkey" FOREIGN KEY ("auditSessionId") REFERENCES "AuditSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeviceQaSession" ADD CONSTRAINT "DeviceQaSession_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertLocationSession" ADD CONSTRAINT "AlertLocationSession_facilityId_fkey" FOREIGN KEY ("facilityId") REFERENCES "Facility"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueryDefinition" ADD CONSTRAINT "QueryDefinition_dataSourceId_fkey" FOREIGN KEY ("dataSourceId") REFERENCES "DataSource"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueryExecution" ADD CONSTRAINT "QueryExecution_queryDefinitionId_fkey" FOREIGN KEY ("queryDefinitionId") REFERENCES "QueryDefinition"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RefreshToken" ADD CONSTRAINT "RefreshToken_staffMemberId_fkey" FOREIGN KEY ("staffMemberId") REFERENCES "StaffMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;
