import { Anchor } from '@mantine/core';
import { useDrawers } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import './units-messages';

export interface UnitLinkProps {
  unit: { id: string; displayName: string };
  /** Runs before the unit drawer opens (e.g. to close the drawer the link is in). */
  onOpen?: () => void;
}

/** A unit's name that opens its detail drawer ('unit-detail'). */
export function UnitLink({ unit, onOpen }: UnitLinkProps) {
  const drawers = useDrawers();
  const m = useMessages('units');
  return (
    <Anchor
      component="button"
      type="button"
      fw={600}
      aria-label={m.unitLink({ unit: unit.displayName })}
      aria-haspopup="dialog"
      style={{ minHeight: 44, textAlign: 'left' }}
      onClick={() => {
        onOpen?.();
        drawers.open('unit-detail', { unitId: unit.id });
      }}
    >
      {unit.displayName}
    </Anchor>
  );
}
