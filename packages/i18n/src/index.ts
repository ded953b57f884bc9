export { CATALOGUES, type Catalogue, type MessageKey, type MessageValues, type Namespace } from './catalogue';
export {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  LOCALE_TAGS,
  languageFromTags,
} from './languages';
export { localizeTaskTitleWith, matchTaskTitle, type TitleKey } from './task-titles';
export {
  formatDateTime,
  localizeTaskTitle,
  localizeTroubleTitle,
  translate,
  translatorFor,
} from './translate';
