/**
 * The alert page's Reassign (Assign) and its person picker, with their toasts (issue #33, decision 0700). Texts
 * the spec does not give (decisions 0076, 0077), moved here as they were; the 409 toast is the contract's.
 */
import { ResolveMessages } from '@sage/contract';

export const reassign = {
  button: 'Reassign',
  title: 'Reassign Alert',
  assignButton: 'Assign',
  assignTitle: 'Assign Alert',
  done: 'Alert reassigned to {name}',
  assigned: 'Alert assigned to {name}',
  failed: 'There was an error reassigning this alert. Please try again.',
  alreadyResolvedAlert: ResolveMessages.alreadyResolvedAlert,
  selectPerson: 'Select Person',
  search: 'Search',
  namePlaceholder: 'Name',
  noPeopleFound: 'No people found',
  onShift: 'On shift',
  people: 'People',
  loading: 'Loading',
  back: 'Back',
} as const;
