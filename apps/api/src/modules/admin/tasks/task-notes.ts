import type {
  TCreateTaskNoteRequest,
  TCreateTaskUpdateRequest,
  TTaskNoteReply,
  TTaskUpdateReply,
  TUpdateTaskNoteRequest,
} from '@sage/contract';
import { type Prisma, type PrismaClient, recordTaskChange, TaskUpdateType } from '@sage/db';
import { forbidden, notFound } from '@sage/service-kit/errors';
import type { Viewer } from './access';
import { type LockedTask, lockVisibleTask } from './task-lock';

type Tx = Prisma.TransactionClient;

const STAFF_REF = { select: { id: true, firstName: true, lastName: true } } as const;
const NOTE_SELECT = {
  id: true,
  taskId: true,
  content: true,
  subject: true,
  createdAt: true,
  updatedAt: true,
  creator: STAFF_REF,
} as const satisfies Prisma.TaskNoteSelect;

const toNoteReply = (n: Prisma.TaskNoteGetPayload<{ select: typeof NOTE_SELECT }>): TTaskNoteReply => ({
  ...n,
  createdAt: n.createdAt.getTime(),
  updatedAt: n.updatedAt.getTime(),
});

/** Every note or timeline change is a change of its task: touch it and tell /live (once per transaction). */
async function touchTask(tx: Tx, task: LockedTask): Promise<void> {
  await tx.task.update({ where: { id: task.id }, data: { lastUpdateTimestamp: new Date() } });
  await recordTaskChange(tx, {
    facilityId: task.facilityId,
    taskId: task.id,
    status: task.status,
    severity: task.severity,
  });
}

/** POST /tasks/{taskId}/notes: anyone who sees the task may add a note, also once it is closed. */
export async function addTaskNote(
  prisma: PrismaClient,
  viewer: Viewer,
  taskId: string,
  body: TCreateTaskNoteRequest,
): Promise<TTaskNoteReply> {
  return prisma.$transaction(async (tx) => {
    const { task } = await lockVisibleTask(tx, viewer, taskId);
    const note = await tx.taskNote.create({
      data: {
        taskId: task.id,
        facilityId: task.facilityId,
        subject: body.subject ?? null,
        content: body.content.trim(),
        creatorId: viewer.staffMemberId,
      },
      select: NOTE_SELECT,
    });
    await touchTask(tx, task);
    return toNoteReply(note);
  });
}

/** The note, its task locked and visible to the caller; 404 otherwise. */
async function lockNote(tx: Tx, viewer: Viewer, noteId: string) {
  const note = await tx.taskNote.findFirst({
    where: { id: noteId, facilityId: { in: [...viewer.facilities.keys()] } },
    select: { id: true, taskId: true, creatorId: true },
  });
  if (!note) throw notFound(`Note ${noteId} not found`);
  const locked = await lockVisibleTask(tx, viewer, note.taskId).catch(() => {
    throw notFound(`Note ${noteId} not found`);
  });
  return { note, ...locked };
}

/** PUT /tasks/notes/{noteId}: only its author edits a note. */
export async function editTaskNote(
  prisma: PrismaClient,
  viewer: Viewer,
  noteId: string,
  body: TUpdateTaskNoteRequest,
): Promise<TTaskNoteReply> {
  return prisma.$transaction(async (tx) => {
    const { note, task } = await lockNote(tx, viewer, noteId);
    if (note.creatorId !== viewer.staffMemberId) throw forbidden('Only the author of a note may edit it');
    const updated = await tx.taskNote.update({
      where: { id: note.id },
      data: {
        content: body.content.trim(),
        ...(body.subject !== undefined ? { subject: body.subject } : {}),
      },
      select: NOTE_SELECT,
    });
    await touchTask(tx, task);
    return toNoteReply(updated);
  });
}

/** DELETE /tasks/notes/{noteId}: its author, a care-staff admin or management. */
export async function deleteTaskNote(prisma: PrismaClient, viewer: Viewer, noteId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const { note, task, facility } = await lockNote(tx, viewer, noteId);
    if (note.creatorId !== viewer.staffMemberId && !facility.isSupervisor) {
      throw forbidden('Only the author of a note, a care-staff admin or management may delete it');
    }
    await tx.taskNote.delete({ where: { id: note.id } });
    await touchTask(tx, task);
  });
}

const UPDATE_SELECT = {
  id: true,
  type: true,
  description: true,
  careProvided: true,
  createdAt: true,
  creatorStaffMember: STAFF_REF,
} as const satisfies Prisma.TaskUpdateSelect;

/** POST /tasks/updates: a MANUAL_ENTRY on a task's timeline, by anyone who sees the task. */
export async function addTaskUpdate(
  prisma: PrismaClient,
  viewer: Viewer,
  body: TCreateTaskUpdateRequest,
): Promise<TTaskUpdateReply> {
  return prisma.$transaction(async (tx) => {
    const { task } = await lockVisibleTask(tx, viewer, body.taskId);
    const u = await tx.taskUpdate.create({
      data: {
        taskId: task.id,
        facilityId: task.facilityId,
        type: TaskUpdateType.MANUAL_ENTRY,
        description: body.description.trim(),
        creatorStaffMemberId: viewer.staffMemberId,
      },
      select: UPDATE_SELECT,
    });
    await touchTask(tx, task);
    return {
      id: u.id,
      type: u.type,
      description: u.description,
      careProvided: null,
      creator: u.creatorStaffMember,
      createdAt: u.createdAt.getTime(),
    };
  });
}

/**
 * DELETE /tasks/updates/{updateId}: only a manual entry added with POST /tasks/updates (no careProvided), by
 * its author, a care-staff admin or management. Updates written by transitions and resolves are the record.
 */
export async function deleteTaskUpdate(
  prisma: PrismaClient,
  viewer: Viewer,
  updateId: string,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const update = await tx.taskUpdate.findFirst({
      where: { id: updateId, facilityId: { in: [...viewer.facilities.keys()] } },
      select: { id: true, taskId: true, type: true, careProvided: true, creatorStaffMemberId: true },
    });
    if (!update) throw notFound(`Task update ${updateId} not found`);
    const { task, facility } = await lockVisibleTask(tx, viewer, update.taskId).catch(() => {
      throw notFound(`Task update ${updateId} not found`);
    });
    if (update.type !== TaskUpdateType.MANUAL_ENTRY || update.careProvided !== null) {
      throw forbidden('Only manual entries added with POST /tasks/updates can be deleted');
    }
    if (update.creatorStaffMemberId !== viewer.staffMemberId && !facility.isSupervisor) {
      throw forbidden('Only the author of an entry, a care-staff admin or management may delete it');
    }
    await tx.taskUpdate.delete({ where: { id: update.id } });
    await touchTask(tx, task);
  });
}
