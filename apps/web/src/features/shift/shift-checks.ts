// The checks of the replies its API module reads, loaded with its first call (docs/decisions/0446): the
// contract's schemas as shapes made at build time, so zod is not fetched (docs/decisions/0471). A reply a
// shape refuses goes to the contract's zod schema (shared/api/reply-schemas.ts), which throws its usual error.

import enterpriseProfilesReply from 'virtual:reply-shape/ZEnterpriseProfilesReplySchema';
import listCareZonesReply from 'virtual:reply-shape/ZListCareZonesReplySchema';
import listCompanyPhonesReply from 'virtual:reply-shape/ZListCompanyPhonesReplySchema';
import listStaffReply from 'virtual:reply-shape/ZListStaffReplySchema';
import onCallStaffReply from 'virtual:reply-shape/ZOnCallStaffReplySchema';
import onCallState from 'virtual:reply-shape/ZOnCallStateSchema';
import staffMemberFacilityConfig from 'virtual:reply-shape/ZStaffMemberFacilityConfigSchema';
import staffMember from 'virtual:reply-shape/ZStaffMemberSchema';
import { replyCheck } from '../../shared/api/reply-shape';

export const ZEnterpriseProfilesReplySchema = replyCheck(
  enterpriseProfilesReply,
  'ZEnterpriseProfilesReplySchema',
);
export const ZListCareZonesReplySchema = replyCheck(listCareZonesReply, 'ZListCareZonesReplySchema');
export const ZListCompanyPhonesReplySchema = replyCheck(
  listCompanyPhonesReply,
  'ZListCompanyPhonesReplySchema',
);
export const ZListStaffReplySchema = replyCheck(listStaffReply, 'ZListStaffReplySchema');
export const ZOnCallStaffReplySchema = replyCheck(onCallStaffReply, 'ZOnCallStaffReplySchema');
export const ZOnCallStateSchema = replyCheck(onCallState, 'ZOnCallStateSchema');
export const ZStaffMemberFacilityConfigSchema = replyCheck(
  staffMemberFacilityConfig,
  'ZStaffMemberFacilityConfigSchema',
);
export const ZStaffMemberSchema = replyCheck(staffMember, 'ZStaffMemberSchema');
