import { AlertTitleMessages, GroupId, observationLabel, Severity } from '@sage/contract';
import type { Candidate } from './notification-rules';

/**
 * Observation escalation (alerts doc section 1: "log observations of changes in condition that are escalated
 * to nurses"; section 3: severity ESCALATION_OBSERVATION 10; docs/decisions/0241-observation-escalation.md).
 */

/** The group an observation is escalated to: "Nurse/MedTech". */
export const OBSERVATION_ESCALATION_GROUP = GroupId.NurseMedTech;

/**
 * Whether recording observations raises an escalation: some were recorded, not on a test alert, and not
 * while resolving an escalation itself (a nurse's follow-up is not escalated to the nurses again).
 */
export function shouldEscalateObservations(input: {
  observations: readonly string[];
  isTest: boolean;
  taskSeverity: string | null;
}): boolean {
  return (
    input.observations.length > 0 && !input.isTest && input.taskSeverity !== Severity.ESCALATION_OBSERVATION
  );
}

/** The escalation task's title: 'Observation: Skin, Pain - Ada Lovelace' (the unit when no resident). */
export function observationEscalationTitle(observations: readonly string[], about: string | null): string {
  const labels = [...new Set(observations)].map(observationLabel).join(', ');
  return about ? AlertTitleMessages.observation(labels, about) : AlertTitleMessages.observationOnly(labels);
}

/** Its description: who observed it, where, and their note. */
export function observationEscalationDescription(input: {
  observerName: string;
  source: 'alert' | 'care log';
  sourceTitle?: string | null;
  note?: string | null;
}): string {
  const where = input.source === 'alert' ? `resolving '${input.sourceTitle ?? 'an alert'}'` : 'logging care';
  const note = input.note?.trim();
  return `Observed by ${input.observerName} while ${where}.${note ? ` Note: ${note}` : ''}`;
}

/**
 * Who a policy block notifies about a task addressed to a group (decision 0241): the policy gives the timing;
 * the recipients are the group's members, those on shift for an ordinary block, all of them for a break-glass
 * block (in candidate order, each once).
 */
export function selectGroupTaskRecipients(
  groupId: string,
  block: { isBreakGlass: boolean },
  candidates: readonly Candidate[],
): string[] {
  const chosen: string[] = [];
  for (const c of candidates) {
    if (!c.groupIds.includes(groupId)) continue;
    if (!block.isBreakGlass && !c.isOnCall) continue;
    if (!chosen.includes(c.staffMemberId)) chosen.push(c.staffMemberId);
  }
  return chosen;
}
