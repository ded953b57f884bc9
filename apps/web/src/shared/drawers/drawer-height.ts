/**
 * The CSS variable holding a bottom sheet's height limit (90dvh when unset). The guided tour sets it on the
 * document while its card sits above a drawer, so the drawer starts below the card: its title and controls are
 * never under the card (issue #32, decision 0615).
 */
export const DRAWER_MAX_HEIGHT_VAR = '--sage-drawer-max-height';
