import localize from 'virtual:trouble-title-matcher';
import type { Language } from '@sage/i18n/languages';

/**
 * The titles of device trouble tasks in the reader's language (decision 0750): their messages and the English
 * templates' matching load only with the first such title a reader of another language sees (`useTaskTitle` in
 * ./i18n.ts). The compiled messages are imported here, not through ./i18n.ts's loaders: this module imports nothing
 * the first loads do not have (React with it would split their shared chunks, a cost to every first load).
 */
const MESSAGES: Record<Language, () => Promise<typeof import('virtual:messages/*')>> = {
  en: () => import('virtual:messages/en/troubleTitles'),
  es: () => import('virtual:messages/es/troubleTitles'),
};

export async function troubleTitleLocalizer(language: Language): Promise<(title: string) => string> {
  const { default: messages } = await MESSAGES[language]();
  return (title) => localize(title, (key, values) => messages[key]?.(values) ?? title);
}
