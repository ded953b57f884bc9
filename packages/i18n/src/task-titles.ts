import { en } from './catalogue/en';
import { titleMatcher } from './title-matching';

export type { ObservationId, TitleKey } from './title-matching';

const english = titleMatcher(en.titles, en.observation);

/**
 * A task title the product wrote, taken apart (decision 0552): which template (contract AlertTitleMessages, the
 * training alert) and its values. Tasks keep the title they were raised with, in English, so the reader's
 * language is applied when it is shown. Names, units and doors are values, never translated; a title a person
 * typed matches nothing (null) and is shown as typed.
 */
export const matchTaskTitle = english.match;

/**
 * The title in another language: `format` formats a title message of that language, `observationLabel` names an
 * observation type in it ('Skin, Pain' in an observation title are translated one by one; unknown ones stay).
 */
export const localizeTaskTitleWith = english.localizeWith;
