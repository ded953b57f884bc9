import { describe, expect, it } from 'vitest';
import { showsTrainingConfirmationDialog } from './training-confirmation-dialog';
import { createTrainingAlert, isTrainingTaskId, trainingAlerts, trainingTasksApi } from './training-tasks';

const trainee = { id: 'staff-1', firstName: 'Casey', lastName: 'Nguyen' };

describe('the training alert (alerts doc section 4): local, and the real transitions', () => {
  it("is created unclaimed, an emergency, titled '{unit name} has reported an emergency', tour flag on", () => {
    trainingAlerts.clear();
    const task = createTrainingAlert({ facilityId: 'f-1', trainee, unitName: 'Training Unit' });
    expect(task).toMatchObject({
      status: 'OPEN_UNCLAIMED',
      severity: 'EMERGENCY',
      title: 'Training Unit has reported an emergency',
      assignee: null,
    });
    expect(isTrainingTaskId(task.id)).toBe(true);
    expect(isTrainingTaskId('3f2b0c1e-0000-4000-8000-000000000000')).toBe(false);
    expect(trainingAlerts.get(task.id)?.guidedTour).toBe(true);
  });

  it('claim, care confirmation, the press, resolve with two outcomes; refusals as the server makes them', async () => {
    trainingAlerts.clear();
    const { id } = createTrainingAlert({ facilityId: 'f-1', trainee, unitName: 'Training Unit' });
    // Unclaimed cannot go to confirming (claim first): a 409, as from the server.
    await expect(trainingTasksApi.setStatus(id, 'OPEN_CONFIRMING')).rejects.toMatchObject({ status: 409 });
    const claimed = await trainingTasksApi.setStatus(id, 'OPEN_CLAIMED');
    expect(claimed.assignee).toEqual(trainee);
    expect(claimed.updates.map((u) => u.type)).toEqual(['CREATED', 'CLAIM', 'STATUS_CHANGE']);
    // Resolving before care is confirmed is refused, as for a real device alert.
    await expect(
      trainingTasksApi.resolve(id, {
        alertOutcomeType: 'RESIDENT_INTERACTION',
        careOutcomes: [{ careProvided: 'ADL_BATHING', outcome: 'COMPLETED' }],
        observations: [],
        bypassCareConfirmationChecks: false,
        respondingStaffRids: [],
      }),
    ).rejects.toMatchObject({ status: 400 });
    const confirming = await trainingTasksApi.setStatus(id, 'OPEN_CONFIRMING');
    expect(confirming.confirmingSince).toEqual(expect.any(Number));
    expect((await trainingTasksApi.tracker(id)).task.status).toBe('OPEN_CONFIRMING');
    expect(trainingTasksApi.pressDevice(id).status).toBe('OPEN_CONFIRMED');
    const resolved = await trainingTasksApi.resolve(id, {
      alertOutcomeType: 'RESIDENT_INTERACTION',
      careOutcomes: [
        { careProvided: 'ADL_BATHING', outcome: 'COMPLETED' },
        { careProvided: 'ADL_TOILETING', outcome: 'COMPLETED' },
      ],
      observations: [],
      bypassCareConfirmationChecks: false,
      respondingStaffRids: [],
      resolutionNote: 'Practised',
    });
    expect(resolved.status).toBe('CLOSED_RESOLVED');
    expect(resolved.updates.slice(-3).map((u) => u.description)).toEqual([
      'Bathing',
      'Toileting',
      'Resolved by Casey Nguyen',
    ]);
    await expect(trainingTasksApi.setStatus(id, 'OPEN_CLAIMED')).rejects.toMatchObject({ status: 409 });
    trainingAlerts.clear();
    await expect(trainingTasksApi.get(id)).rejects.toMatchObject({ status: 404 });
  });

  it('the training dialog shows once the ring is at or below 90 %', () => {
    expect(showsTrainingConfirmationDialog(100)).toBe(false);
    expect(showsTrainingConfirmationDialog(90.01)).toBe(false);
    expect(showsTrainingConfirmationDialog(90)).toBe(true);
    expect(showsTrainingConfirmationDialog(12)).toBe(true);
  });
});
