import {
  GroupMessages,
  ZCreateStaffRequestSchema,
  ZIdSchema,
  ZUpdateStaffRequestSchema,
} from '@sage/contract';
import { z } from 'zod';
import { validatePhoneNumber } from '../../signin/phone-validation';

/** The invite form: the contract's request without facilityId (the current one), phone checked as at login. */
export const ZInviteStaffFormSchema = ZCreateStaffRequestSchema.omit({ facilityId: true })
  .extend({ groupIds: z.array(ZIdSchema).min(1, GroupMessages.mustBeInOneGroup).max(20) })
  .superRefine((values, ctx) => {
    const phone = validatePhoneNumber(values.phoneNumber, 'US');
    if (!phone.ok) ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: phone.message });
  });
export type TInviteStaffForm = z.input<typeof ZInviteStaffFormSchema>;

/** The edit form: the contract's update request, every field shown (email may be empty). */
export const ZEditStaffFormSchema = ZUpdateStaffRequestSchema.omit({ updatedAt: true })
  .extend({ email: z.union([z.literal(''), z.email()]).optional() })
  .superRefine((values, ctx) => {
    if (values.phoneNumber === undefined) return;
    const phone = validatePhoneNumber(values.phoneNumber, 'US');
    if (!phone.ok) ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: phone.message });
  });
export type TEditStaffForm = z.input<typeof ZEditStaffFormSchema>;

/** `body.phoneNumber` (a 400's issue field) becomes the form's `phoneNumber`. */
export function serverIssuesToFormErrors(
  issues: { field: string; message: string }[],
): Record<string, string> {
  return Object.fromEntries(issues.map((issue) => [issue.field.replace(/^body\./, ''), issue.message]));
}
