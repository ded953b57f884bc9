import MessageFormat, { type MessageFunction } from '@messageformat/core';
import { CATALOGUES, type MessageKey, type MessageValues, type Namespace } from './catalogue';
import { DEFAULT_LANGUAGE, isLanguage, type Language, LOCALE_TAGS } from './languages';
import { localizeTaskTitleWith } from './task-titles';
import { troubleTitleLocalizer } from './trouble-title-matching';

/**
 * Messages formatted on the server (pushes, texts, sign-in codes) with messageformat, the same library and the
 * same ICU strings the web app compiles at build time (docs/decisions/0550). Each message is compiled once.
 */
const formats: Partial<Record<Language, MessageFormat<'string'>>> = {};
const compiled = new Map<string, MessageFunction<'string'>>();

function compile(language: Language, namespace: Namespace, key: string): MessageFunction<'string'> {
  const id = `${language}\u0000${namespace}\u0000${key}`;
  let fn = compiled.get(id);
  if (!fn) {
    formats[language] ??= new MessageFormat<'string'>(language);
    const source = (CATALOGUES[language][namespace] as Record<string, string>)[key];
    if (source === undefined) throw new Error(`No message ${namespace}.${key}`);
    fn = formats[language].compile(source);
    compiled.set(id, fn);
  }
  return fn;
}

/** One message in `language` (an unknown language reads English). */
export function translate<N extends Namespace>(
  language: Language | string | null | undefined,
  namespace: N,
  key: MessageKey<N>,
  values: MessageValues = {},
): string {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  return compile(lang, namespace, key)(values);
}

/** A translator bound to one language. */
export const translatorFor =
  (language: Language | string | null | undefined) =>
  <N extends Namespace>(namespace: N, key: MessageKey<N>, values?: MessageValues): string =>
    translate(language, namespace, key, values);

/** A date and time for `language`, in the facility's time zone ('Nov 28, 2:05 PM' / '28 nov, 2:05 p.m.'). */
export function formatDateTime(
  at: Date | number | string,
  language: Language,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { ...options, timeZone }).format(new Date(at));
}

/** A task's title in `language` (see localizeTaskTitleWith; English is the title itself). */
export function localizeTaskTitle(title: string, language: Language | string | null | undefined): string {
  if (!isLanguage(language) || language === DEFAULT_LANGUAGE) return title;
  return localizeTaskTitleWith(
    title,
    (key, values) => translate(language, 'titles', key, values),
    (id) => CATALOGUES[language].observation[id],
  );
}

const troubleTitle = troubleTitleLocalizer(CATALOGUES.en.troubleTitles);

/**
 * A device trouble task's title in `language` (decision 0750; English is the title itself): its cause and the
 * device named in the reader's language, names as written.
 */
export function localizeTroubleTitle(title: string, language: Language | string | null | undefined): string {
  if (!isLanguage(language) || language === DEFAULT_LANGUAGE) return title;
  return troubleTitle(title, (key, values) => translate(language, 'troubleTitles', key, values));
}
