import { NativeSelect } from '@mantine/core';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, LOCALE_TAGS } from '@sage/i18n/languages';
import { setLanguage, useLanguage, useMessages } from '../../shared/i18n';

/**
 * The sign-in screen's language (issue #33, decision 0551): the browser's until chosen; a choice is kept in this
 * browser and saved to the person's profile once they sign in. Each language is named in itself.
 */
export function LanguageChoice() {
  const m = useMessages('signIn');
  const language = useLanguage();
  return (
    <NativeSelect
      label={m.language()}
      value={language}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) setLanguage(value, { remember: true });
      }}
      data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      // Each option read in its own language.
      styles={{ input: { minHeight: 44 } }}
      lang={LOCALE_TAGS[language]}
    />
  );
}
