import { NativeSelect } from '@mantine/core';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, LOCALE_TAGS } from '@sage/i18n/languages';
import { useQueryClient } from '@tanstack/react-query';
import { loadMessages, setLanguage, useLanguage, useMessages } from '../../shared/i18n';
import { toast } from '../../shared/toast';
import { shiftApi, shiftKeys } from '../shift/shift-api';

/**
 * 'Language' on the person's own profile (Working In, decision 0554): a pick shows the app in it at once and is
 * saved to their profile (PUT /staff/{id} { language }), so pushes and texts follow too. Each language is named
 * in itself, as on the sign-in screen.
 */
export function LanguageSetting({ staffMemberId }: { staffMemberId: string }) {
  const m = useMessages('profile');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const choose = (chosen: string) => {
    if (!isLanguage(chosen) || chosen === language) return;
    const before = language;
    setLanguage(chosen, { remember: true });
    shiftApi
      .setLanguage(staffMemberId, chosen)
      .then(async (saved) => {
        queryClient.setQueryData(shiftKeys.profile(staffMemberId), saved);
        // Said in the language just chosen (this render's messages are the previous language's).
        toast.success((await loadMessages(chosen, 'profile')).saved?.() ?? m.saved());
      })
      .catch(() => {
        // Not saved: back to the profile's language, so the screen does not say what the server does not hold.
        setLanguage(before, { remember: true });
        toast.error(m.saveFailed());
      });
  };
  return (
    <NativeSelect
      size="lg"
      label={m.language()}
      value={language}
      onChange={(event) => choose(event.currentTarget.value)}
      data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      lang={LOCALE_TAGS[language]}
    />
  );
}

/** 'Language' on a manager's staff form (decision 0554): part of the form, saved with it. */
export function StaffLanguageField({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (language: string) => void;
}) {
  const m = useMessages('profile');
  return (
    <NativeSelect
      size="lg"
      label={m.language()}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
    />
  );
}
