import enShell from 'virtual:messages/en/shell';
import type { Language } from '@sage/i18n/languages';
import { useEffect, useSyncExternalStore } from 'react';
import { currentLanguage, type Messages, useLanguage } from '../../shared/i18n';

/*
 * The shell screens' messages (the loading screen every start shows, the error fallback, the cookie screen).
 * English, the contract's, is in the first chunk; another language is its own small chunk, asked for as soon as
 * this module runs when the reader's language is not English, so it loads beside the first route's chunks and a
 * language's messages load with it, never both (issue #33, decision 0830). Until it is in, the screens show
 * without their text (a few milliseconds at most on a working connection); if it cannot load (the network failed,
 * which is often why the error screen shows), they say it in English rather than nothing.
 */

const ENGLISH = enShell as unknown as Messages<'shell'>;
type OtherLanguage = Exclude<Language, 'en'>;
const LOADERS: Record<OtherLanguage, () => Promise<{ default: unknown }>> = {
  es: () => import('virtual:messages/es/shell'),
};

const loaded: Partial<Record<OtherLanguage, Messages<'shell'> | 'failed'>> = {};
const loading: Partial<Record<OtherLanguage, Promise<void>>> = {};
const listeners = new Set<() => void>();

/** Starts loading a language's shell messages (once); settles when they are in, or could not be loaded. */
export function loadShellMessages(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  loading[language] ??= LOADERS[language]()
    .then(
      (module) => {
        loaded[language] = module.default as Messages<'shell'>;
      },
      () => {
        loaded[language] = 'failed';
      },
    )
    .finally(() => {
      for (const listener of listeners) listener();
    });
  return loading[language];
}
void loadShellMessages(currentLanguage());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function shellMessages(language: Language): Messages<'shell'> | null {
  if (language === 'en') return ENGLISH;
  const messages = loaded[language];
  return messages === 'failed' ? ENGLISH : (messages ?? null);
}

/** The shell screens' messages in the reader's language; null while that language's are still loading. */
export function useShellMessages(): Messages<'shell'> | null {
  const language = useLanguage();
  const messages = useSyncExternalStore(
    subscribe,
    () => shellMessages(language),
    () => shellMessages(language),
  );
  useEffect(() => {
    void loadShellMessages(language);
  }, [language]);
  return messages;
}
