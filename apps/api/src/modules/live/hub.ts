import type { TLiveTaskChangedMessage } from '@sage/contract';
import type { TaskChangedNotification } from '@sage/db';
import { canSeeTask, seesAllTasks, type TaskViewer, type VisibleTask } from '@sage/domain';

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
  /** Sends one frame, serialised and UTF-8 encoded once for all its recipients. */
  deliver(frame: Buffer, version: number): void;
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

/**
 * The sockets of this API instance, indexed by facility. Per change: one JSON serialisation and UTF-8
 * encoding (the same Buffer goes to every socket, decision 0453), a send to
 * every subscriber of the facility who sees all its tasks, and, only when subscribers who see some tasks
 * are connected there, one query for the task's assignment shared by all of them.
 */
export class LiveHub {
  private readonly byFacility = new Map<string, Set<LiveSubscriber>>();
  /** Deliveries to viewers who see only some tasks wait for the task's assignment, in change order. */
  private restrictedDeliveries: Promise<void> = Promise.resolve();

  constructor(
    private readonly loadAssignments: LoadAssignments,
    private readonly logger: HubLogger,
  ) {}

  add(subscriber: LiveSubscriber): void {
    for (const facilityId of subscriber.facilities.keys()) {
      let set = this.byFacility.get(facilityId);
      if (!set) {
        set = new Set();
        this.byFacility.set(facilityId, set);
      }
      set.add(subscriber);
    }
  }

  remove(subscriber: LiveSubscriber): void {
    for (const facilityId of subscriber.facilities.keys()) {
      const set = this.byFacility.get(facilityId);
      if (!set) continue;
      set.delete(subscriber);
      if (set.size === 0) this.byFacility.delete(facilityId);
    }
  }

  get subscriberCount(): number {
    const all = new Set<LiveSubscriber>();
    for (const set of this.byFacility.values()) for (const s of set) all.add(s);
    return all.size;
  }

  /**
   * A frame for one staff member's sockets in one facility (a high five: docs/decisions/0293). Version -1: not
   * a task change, never replayed nor held back as one.
   */
  publishToStaff(facilityId: string, staffMemberId: string, text: string): void {
    const subscribers = this.byFacility.get(facilityId);
    if (!subscribers) return;
    const frame = Buffer.from(text);
    for (const subscriber of subscribers) {
      if (subscriber.staffMemberId === staffMemberId) subscriber.deliver(frame, -1);
    }
  }

  /**
   * A frame for every socket of one facility, staff and station displays alike (a device QA walk started or
   * ended: docs/decisions/0505). Version -1: not a task change, never replayed nor held back as one.
   */
  publishToFacility(facilityId: string, text: string): void {
    const subscribers = this.byFacility.get(facilityId);
    if (!subscribers) return;
    const frame = Buffer.from(text);
    for (const subscriber of subscribers) subscriber.deliver(frame, -1);
  }

  publish(change: TaskChangedNotification): void {
    const subscribers = this.byFacility.get(change.facilityId);
    if (!subscribers) return;
    const frame = Buffer.from(taskChangedFrame(change));
    const restricted: LiveSubscriber[] = [];
    for (const subscriber of subscribers) {
      const view = subscriber.facilities.get(change.facilityId);
      if (!view) continue;
      if (view.seesAll) subscriber.deliver(frame, change.version);
      else restricted.push(subscriber);
    }
    if (!restricted.length) return;
    const waiting = restricted;
    // Loaded at once, delivered in arrival order (after the loads of earlier changes).
    const loading = this.loadAssignments([change.taskId]);
    this.restrictedDeliveries = this.restrictedDeliveries.then(() =>
      loading.then(
        (tasks) => {
          const task = tasks.get(change.taskId);
          for (const subscriber of waiting) {
            const view = subscriber.facilities.get(change.facilityId);
            if (view && mayReceive(view, task)) subscriber.deliver(frame, change.version);
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
