import type { TTaskReply } from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { confirmCareWorkflow, resolveWorkflow, taskResolutionContext } from './resolution-flow';

const task = (overrides: Partial<TTaskReply> = {}): TTaskReply => ({
  id: 't1',
  facilityId: 'f1',
  title: 'Margaret Thompson needs assistance',
  description: null,
  status: 'OPEN_CLAIMED',
  severity: 'HIGH_PRIORITY',
  isTest: false,
  kind: 'ALERT',
  troubleCause: null,
  updates: [],
  unit: { id: 'u1', displayName: 'AL 101', careType: 'ASSISTED_LIVING' },
  resident: { id: 'r1', firstName: 'Margaret', lastName: 'Thompson', preferredName: null, unitId: 'u1' },
  creator: { staffMember: null, device: { id: 'd1', type: 'SAGE_BUTTON', hardwareId: 'PENDANT-1' } },
  assignee: { id: 'me', firstName: 'Marcus', lastName: 'Bell' },
  assigneeGroup: null,
  creationTimestamp: 0,
  lastUpdateTimestamp: 0,
  confirmingSince: null,
  notes: [],
  resolvedAt: null,
  resolvedBy: null,
  alertOutcomeType: null,
  resolutionNote: null,
  careOutcomes: [],
  observations: [],
  respondingStaffRids: [],
  staffAssistCount: null,
  ...overrides,
});

describe('resolution workflow', () => {
  it('Confirm Care: care confirmation, the care provided, observations, Additional Notes', () => {
    expect(confirmCareWorkflow(task()).map((step) => step.type)).toEqual([
      'care-confirmation',
      'multi-outcome-resolution',
      'add-observations',
      'resolve-task',
    ]);
  });

  it('Resolve on a device alert not yet confirmed: the choice first, then confirmation (skipped for a test alert)', () => {
    const steps = resolveWorkflow(task());
    expect(steps.map((step) => step.type)).toEqual([
      'multi-outcome-resolution',
      'care-confirmation',
      'add-observations',
      'resolve-task',
    ]);
    expect(steps[1]?.props).toMatchObject({ skipForTestAlert: true, hasResident: true, unitName: 'AL 101' });
  });

  it('Resolve on a confirmed alert or a manual task needs no confirmation', () => {
    expect(resolveWorkflow(task({ status: 'OPEN_CONFIRMED' })).map((s) => s.type)).not.toContain(
      'care-confirmation',
    );
    expect(
      resolveWorkflow(task({ creator: { staffMember: null, device: null } })).map((s) => s.type),
    ).not.toContain('care-confirmation');
  });

  it('picks the option list by the unit care type (section 5)', () => {
    expect(taskResolutionContext(task()).listKind).toBe('default');
    const il = task({ unit: { id: 'u', displayName: 'IL 301', careType: 'INDEPENDENT_LIVING' } });
    expect(taskResolutionContext(il).listKind).toBe('independentLiving');
    const ltc = task({ unit: { id: 'u', displayName: 'LTC 401', careType: 'LONG_TERM_CARE' } });
    expect(taskResolutionContext(ltc).listKind).toBe('skilledNursing');
  });
});

describe('outcome choice by alert', () => {
  it("a fall sensor's alert asks was-fall; a code blue asks the emergency reason", () => {
    const fall = task({
      creator: {
        staffMember: null,
        device: { id: 'd', type: 'FALL_DETECTION_DEVICE', hardwareId: 'FALL-1' },
      },
    });
    expect(resolveWorkflow(fall)[0]?.type).toBe('select-was-fall');
    expect(resolveWorkflow(task({ severity: 'CODE_BLUE' }))[0]?.type).toBe('select-emergency-reason');
    expect(confirmCareWorkflow(fall)[1]?.type).toBe('select-was-fall');
  });
});
