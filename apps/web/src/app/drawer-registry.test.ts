import { describe, expect, it } from 'vitest';
import { DRAWER_TYPES, isLazyDrawer } from '../shared/drawers';
import { drawerRegistry } from './drawer-registry';

/**
 * signin-staff-admin.md section 2 'Drawers': "Each drawer has its own type. Types: add task note, care
 * confirmation, confirmation, complete insight, door schedule, explore insights, phone subscription, receive
 * high five, resolve task, search resident, select care zone, select device, select emergency reason, select
 * enterprise, multi-outcome resolution, add observations, select options, select person, select residents with
 * buttons, select room check-in, select was-fall, send high five, staff member actions, unit check-in, unit
 * detail, select door, select ward, select unit, resident pendants, resident details."
 */
const SPEC_DRAWER_TYPES = [
  ['add task note', 'add-task-note'],
  ['care confirmation', 'care-confirmation'],
  ['confirmation', 'confirmation'],
  ['complete insight', 'complete-insight'],
  ['door schedule', 'door-schedule'],
  ['explore insights', 'explore-insights'],
  ['phone subscription', 'phone-subscription'],
  ['receive high five', 'receive-high-five'],
  ['resolve task', 'resolve-task'],
  ['search resident', 'search-resident'],
  ['select care zone', 'select-care-zone'],
  ['select device', 'select-device'],
  ['select emergency reason', 'select-emergency-reason'],
  ['select enterprise', 'select-enterprise'],
  ['multi-outcome resolution', 'multi-outcome-resolution'],
  ['add observations', 'add-observations'],
  ['select options', 'select-options'],
  ['select person', 'select-person'],
  ['select residents with buttons', 'select-residents-with-buttons'],
  ['select room check-in', 'select-room-check-in'],
  ['select was-fall', 'select-was-fall'],
  ['send high five', 'send-high-five'],
  ['staff member actions', 'staff-member-actions'],
  ['unit check-in', 'unit-check-in'],
  ['unit detail', 'unit-detail'],
  ['select door', 'select-door'],
  ['select ward', 'select-ward'],
  ['select unit', 'select-unit'],
  ['resident pendants', 'resident-pendants'],
  ['resident details', 'resident-details'],
] as const;

describe("the spec's drawer types (signin-staff-admin.md section 2 'Drawers')", () => {
  it('lists 30 types, each once, each the kebab-case of its words', () => {
    expect(SPEC_DRAWER_TYPES).toHaveLength(30);
    expect(new Set(SPEC_DRAWER_TYPES.map(([, id]) => id)).size).toBe(30);
    for (const [words, id] of SPEC_DRAWER_TYPES) expect(id).toBe(words.replaceAll(' ', '-'));
  });

  it('DRAWER_TYPES covers every type of the spec', () => {
    const missing = SPEC_DRAWER_TYPES.filter(([, id]) => !(DRAWER_TYPES as readonly string[]).includes(id));
    expect(missing).toEqual([]);
  });

  it.each(SPEC_DRAWER_TYPES)("'%s' (%s) is registered with a component", (_words, id) => {
    const component = (drawerRegistry as Record<string, unknown>)[id];
    expect(component, `drawer type '${id}' has no registered component`).toBeDefined();
    expect(['function', 'object']).toContain(typeof component);
  });

  // Drawers load on first use (docs/decisions/0381): each registered loader must bring its component.
  it.each(DRAWER_TYPES)("'%s' loads a component", async (id) => {
    const registered = drawerRegistry[id];
    const component = isLazyDrawer(registered) ? await registered.load() : registered;
    expect(['function', 'object']).toContain(typeof component);
    if (isLazyDrawer(registered)) expect(registered.loaded()).toBe(component);
  });
});
