import enShell from 'virtual:messages/en/shell';
import esShell from 'virtual:messages/es/shell';
import type { Language } from '@sage/i18n/languages';
import { type Messages, useLanguage } from '../../shared/i18n';

/**
 * The shell screens' messages, both languages in the first chunk (about 0.4 kB): the loading screen shows before
 * anything else has loaded, and the error screens when loading failed, so they cannot wait for a download.
 */
const SHELL: Record<Language, Messages<'shell'>> = {
  en: enShell as unknown as Messages<'shell'>,
  es: esShell as unknown as Messages<'shell'>,
};

/** The shell screens' messages in the reader's language. */
export const useShellMessages = (): Messages<'shell'> => SHELL[useLanguage()];
