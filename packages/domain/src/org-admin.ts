/**
 * Who may administer companies (enterprises), communities (facilities), company phones and features
 * (sign-in doc sections 1 and 6; docs/decisions/0170). The spec names the roles (management, management-group
 * admin, provider support) and says "Managers administer enterprises (companies), facilities, ... features,
 * company phones"; which role does which is our reading:
 * - provider support ("the user is flagged as provider support when a membership includes the provider support
 *   group") runs the product for every company: creates and deletes companies, and everything below;
 * - a management-group admin administers their own company: renames it, creates, edits, re-states and deletes its
 *   communities, and everything of those communities;
 * - a management member edits the company phones and features of the communities they work in;
 * - everyone else reads what they need (the device drawer lists company phones) and changes nothing.
 */

/** One group membership with where it is (group ids as in the schema: Activities has no contract id). */
export interface OrgMembership {
  group: string;
  isAdmin: boolean;
  facilityId: string;
  enterpriseId: string;
}

const PROVIDER_SUPPORT = 'SageSupport';
const MANAGEMENT = 'Management';

export const isProviderSupport = (memberships: readonly OrgMembership[]): boolean =>
  memberships.some((m) => m.group === PROVIDER_SUPPORT);

/** A management-group admin at any community of the company. */
export const isEnterpriseAdmin = (memberships: readonly OrgMembership[], enterpriseId: string): boolean =>
  isProviderSupport(memberships) ||
  memberships.some((m) => m.group === MANAGEMENT && m.isAdmin && m.enterpriseId === enterpriseId);

/** Create or delete a company. */
export const canManageEnterprises = (memberships: readonly OrgMembership[]): boolean =>
  isProviderSupport(memberships);

/** Rename a company; create, edit, change the status of or delete its communities. */
export const canAdministerEnterprise = (
  memberships: readonly OrgMembership[],
  enterpriseId: string,
): boolean => isEnterpriseAdmin(memberships, enterpriseId);

/** See a company (and the Select a company drawer's entry): provider support, or anyone working there. */
export const canSeeEnterprise = (memberships: readonly OrgMembership[], enterpriseId: string): boolean =>
  isProviderSupport(memberships) || memberships.some((m) => m.enterpriseId === enterpriseId);

/**
 * See a community: provider support, anyone working there, or an admin of its company (who sees every
 * community of it, also one just created where nobody works yet).
 */
export const canSeeFacility = (
  memberships: readonly OrgMembership[],
  facility: { id: string; enterpriseId: string },
): boolean =>
  memberships.some((m) => m.facilityId === facility.id) ||
  isEnterpriseAdmin(memberships, facility.enterpriseId);

/** Create, edit or delete a community's company phones and features. */
export const canEditFacilitySettings = (
  memberships: readonly OrgMembership[],
  facility: { id: string; enterpriseId: string },
): boolean =>
  isEnterpriseAdmin(memberships, facility.enterpriseId) ||
  memberships.some((m) => m.group === MANAGEMENT && m.facilityId === facility.id);
