// The contract schemas its API module checks replies with, imported lazily by that module so that zod is not
// on the page's first load (docs/decisions/0446).
export {
  ZEnterpriseProfilesReplySchema,
  ZListCareZonesReplySchema,
  ZListCompanyPhonesReplySchema,
  ZListStaffReplySchema,
  ZOnCallStaffReplySchema,
  ZOnCallStateSchema,
  ZStaffMemberFacilityConfigSchema,
  ZStaffMemberSchema,
} from '@sage/contract';
