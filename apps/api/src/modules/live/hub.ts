import type { TLiveTaskChangedMessage } from '@sage/contract';
import type { TaskChangedNotification } from '@sage/db';
import { canSeeTask, seesAllTasks, type TaskViewer, type VisibleTask } from '@sage/domain';
import { type LiveFrame, liveFrame } from './writer';

/** What a signed-in staff member may see of each facility they work in. */
export interface FacilityView {
  /** Sees every task of the facility (canViewAlerts, or alerts polled for responders and management). */
  seesAll: boolean;
  /** Their groups there: operations staff see tasks assigned to them or to one of these. */
  groupIds: readonly string[];
  viewer: TaskViewer;
}

export interface LiveSubscriber {
  staffMemberId: string;
  facilities: ReadonlyMap<string, FacilityView>;
  /** Sends one frame, serialised, encoded and framed once for all its recipients (decision 0690). */
  deliver(frame: LiveFrame, version: number): void;
}

export type LoadAssignments = (taskIds: readonly string[]) => Promise<Map<string, VisibleTask>>;

export interface HubLogger {
  error(obj: object, msg: string): void;
}

export const taskChangedFrame = (change: TaskChangedNotification): string =>
  JSON.stringify({
    type: 'task.changed',
    taskId: change.taskId,
    facilityId: change.facilityId,
    status: change.status,
    severity: change.severity,
    version: change.version,
  } satisfies TLiveTaskChangedMessage);

/** Whether a subscriber may see a task, given its assignment (needed only for viewers who see not all). */
export const mayReceive = (view: FacilityView, task: VisibleTask | undefined): boolean =>
  view.seesAll || (task !== undefined && canSeeTask(view.viewer, task));

/** One facility's subscribers, split once when they join by what they may see there. */
interface FacilitySubscribers {
  /** Everyone who sees all the facility's tasks: every change goes to each, no check per change. */
  seesAll: Set<LiveSubscriber>;
  /** Viewers who see only the tasks assigned to them or their groups, with their view of this facility. */
  restricted: Map<LiveSubscriber, FacilityView>;
}

/**
 * The sockets of this API instance, indexed by facility and split by what each may see there (decision 0690).
 * Per change: one JSON serialisation, UTF-8 encoding and WebSocket framing (the same Buffer is written to
 * every socket, decisions 0453, 0690), a write to every subscriber of the facility who sees all its tasks,
 * and, only when subscribers who see some tasks are connected there, one query for the task's assignment
 * shared by all of them.
 */
export class LiveHub {
  private readonly byFacility = new Map<string, FacilitySubscribers>();
  /** Deliveries to viewers who see only some tasks wait for the task's assignment, in change order. */
  private restrictedDeliveries: Promise<void> = Promise.resolve();

  constructor(
    private readonly loadAssignments: LoadAssignments,
    private readonly logger: HubLogger,
  ) {}

  add(subscriber: LiveSubscriber): void {
    for (const [facilityId, view] of subscriber.facilities) {
      let entry = this.byFacility.get(facilityId);
      if (!entry) {
        entry = { seesAll: new Set(), restricted: new Map() };
        this.byFacility.set(facilityId, entry);
      }
      if (view.seesAll) entry.seesAll.add(subscriber);
      else entry.restricted.set(subscriber, view);
    }
  }

  remove(subscriber: LiveSubscriber): void {
    for (const facilityId of subscriber.facilities.keys()) {
      const entry = this.byFacility.get(facilityId);
      if (!entry) continue;
      entry.seesAll.delete(subscriber);
      entry.restricted.delete(subscriber);
      if (entry.seesAll.size === 0 && entry.restricted.size === 0) this.byFacility.delete(facilityId);
    }
  }

  get subscriberCount(): number {
    const all = new Set<LiveSubscriber>();
    for (const entry of this.byFacility.values()) {
      for (const s of entry.seesAll) all.add(s);
      for (const s of entry.restricted.keys()) all.add(s);
    }
    return all.size;
  }

  /**
   * A frame for one staff member's sockets in one facility (a high five: docs/decisions/0293). Version -1: not
   * a task change, never replayed nor held back as one.
   */
  publishToStaff(facilityId: string, staffMemberId: string, text: string): void {
    const entry = this.byFacility.get(facilityId);
    if (!entry) return;
    const frame = liveFrame(text);
    for (const subscriber of entry.seesAll) {
      if (subscriber.staffMemberId === staffMemberId) subscriber.deliver(frame, -1);
    }
    for (const subscriber of entry.restricted.keys()) {
      if (subscriber.staffMemberId === staffMemberId) subscriber.deliver(frame, -1);
    }
  }

  /**
   * A frame for every socket of one facility, staff and station displays alike (a device QA walk started or
   * ended: docs/decisions/0505). Version -1: not a task change, never replayed nor held back as one.
   */
  publishToFacility(facilityId: string, text: string): void {
    const entry = this.byFacility.get(facilityId);
    if (!entry) return;
    const frame = liveFrame(text);
    for (const subscriber of entry.seesAll) subscriber.deliver(frame, -1);
    for (const subscriber of entry.restricted.keys()) subscriber.deliver(frame, -1);
  }

  publish(change: TaskChangedNotification): void {
    const entry = this.byFacility.get(change.facilityId);
    if (!entry) return;
    const frame = liveFrame(taskChangedFrame(change));
    for (const subscriber of entry.seesAll) subscriber.deliver(frame, change.version);
    if (!entry.restricted.size) return;
    // Those connected now (a socket joining later has the change in its replay or its `ready` version).
    const waiting = [...entry.restricted];
    // Loaded at once, delivered in arrival order (after the loads of earlier changes).
    const loading = this.loadAssignments([change.taskId]);
    this.restrictedDeliveries = this.restrictedDeliveries.then(() =>
      loading.then(
        (tasks) => {
          const task = tasks.get(change.taskId);
          // No assignment (the task is gone): nobody who sees only some tasks gets it.
          if (!task) return;
          for (const [subscriber, view] of waiting) {
            if (mayReceive(view, task)) subscriber.deliver(frame, change.version);
          }
        },
        (error) =>
          this.logger.error({ err: error, taskId: change.taskId }, 'live: loading a task assignment failed'),
      ),
    );
  }
}

/** A viewer's facility views from their memberships (group types and ids) per facility. */
export const facilityView = (viewer: TaskViewer): FacilityView => ({
  seesAll: seesAllTasks(viewer),
  groupIds: viewer.groupIds,
  viewer,
});
