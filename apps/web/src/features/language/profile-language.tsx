import type { StaffLanguage } from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LANGUAGE_TO_SAVE_KEY, setLanguage } from '../../shared/i18n';
import { shiftApi, shiftKeys, useProfile } from '../shift/shift-api';

const SAVE_KEY = LANGUAGE_TO_SAVE_KEY;

function takeChoiceToSave(): StaffLanguage | null {
  try {
    const value = sessionStorage.getItem(SAVE_KEY);
    sessionStorage.removeItem(SAVE_KEY);
    return value === 'en' || value === 'es' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in app shows the staff member's own language (decision 0551): the one on their profile, or the one
 * they chose on the sign-in screen just now, which is then saved to their profile. Mounted on Working In, where
 * every sign-in lands (POST_LOGIN_ROUTE); the language is kept in the browser for the pages after it and reloads.
 */
export function ProfileLanguage({ staffMemberId }: { staffMemberId: string }) {
  const profile = useProfile(staffMemberId);
  const queryClient = useQueryClient();
  const language = profile.data?.language;
  useEffect(() => {
    if (!language) return;
    const chosen = takeChoiceToSave();
    if (chosen && chosen !== language) {
      setLanguage(chosen, { remember: true });
      void shiftApi
        .setLanguage(staffMemberId, chosen)
        .then((saved) => queryClient.setQueryData(shiftKeys.profile(staffMemberId), saved))
        .catch(() => undefined);
      return;
    }
    setLanguage(language, { remember: true });
  }, [language, staffMemberId, queryClient]);
  return null;
}
