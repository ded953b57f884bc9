import type { TEnterprise } from '@sage/contract';
import type { ComponentType } from 'react';
import type { DrawerControls, DrawerRegistry } from '../../../shared/drawers';
import { useMessages } from '../../../shared/i18n';
import '../admin-org-messages';
import { PickerDrawer, type PickerOption } from '../../pickers/picker-list';
import { useEnterprises } from './enterprises-api';

export interface SelectEnterpriseDrawerProps {
  initialEnterpriseId?: string | null;
  /** Receives the company; without it, the company goes to the next workflow step as `enterprise`. */
  onContinue?: (enterprise: TEnterprise) => void | Promise<void>;
}

/**
 * 'Select a company' (sign-in doc section 2): searchable ('Search for companies'), each company with how many
 * communities it has ('1 community', '3 communities').
 */
export function SelectEnterpriseDrawer({
  drawer,
  initialEnterpriseId,
  onContinue,
}: SelectEnterpriseDrawerProps & { drawer: DrawerControls }) {
  const enterprises = useEnterprises();
  const M = useMessages('adminOrg');
  const options: PickerOption[] = (enterprises.data ?? []).map((e) => ({
    value: e.id,
    name: e.name,
    description: M.communityCount({ count: e.facilityCount }),
  }));
  return (
    <PickerDrawer
      drawer={drawer}
      title={M.selectCompanyTitle()}
      listLabel={M.companiesList()}
      options={options}
      search={{
        label: M.searchCompanies(),
        placeholder: M.searchCompanies(),
      }}
      emptyText={M.noCompanies()}
      continueLabel={M.continue()}
      loadingLabel={M.loading()}
      backLabel={M.back()}
      loading={enterprises.isPending}
      error={enterprises.isError ? enterprises.error.message : null}
      initialSelected={initialEnterpriseId ? [initialEnterpriseId] : []}
      onContinue={async ([id]) => {
        const enterprise = enterprises.data?.find((e) => e.id === id);
        if (!enterprise) return;
        if (onContinue) {
          await onContinue(enterprise);
          drawer.close();
        } else {
          drawer.next({ enterprise });
        }
      }}
    />
  );
}

// biome-ignore lint/suspicious/noExplicitAny: each drawer declares its own props; the registry is keyed by type
type AnyDrawer = ComponentType<any & { drawer: DrawerControls }>;

export const enterpriseDrawers: DrawerRegistry = {
  'select-enterprise': SelectEnterpriseDrawer as AnyDrawer as NonNullable<
    DrawerRegistry['select-enterprise']
  >,
};
