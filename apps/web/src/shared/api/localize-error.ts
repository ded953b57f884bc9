/**
 * A failed request in the reader's language (decision 0730), loaded only for a reader of another language than
 * English, the first time a request fails: the server's English text recognised by its template (the English as
 * data from the build: `virtual:api-error-matcher`), else its code, else its status, in the `apiErrors` namespace.
 * It imports nothing of the app's i18n module (the caller passes the task status labels): a lazy chunk that
 * shares modules with the first load would split them out of it.
 */

import localizer from 'virtual:api-error-matcher';
import type { Language } from '@sage/i18n/languages';
import { ApiError } from './client';

type Compiled = Record<string, (values?: Record<string, string | number>) => string>;

const MESSAGES: Record<Language, () => Promise<{ default: Compiled }>> = {
  en: () => import('virtual:messages/en/apiErrors'),
  es: () => import('virtual:messages/es/apiErrors'),
};

/** `statusLabels`: the task status labels in `language` (the `status` namespace, on every first load). */
export async function localizeApiError(
  error: ApiError,
  language: Language,
  statusLabels: Promise<Compiled>,
): Promise<ApiError> {
  const [{ default: messages }, status] = await Promise.all([MESSAGES[language](), statusLabels]);
  const message = localizer.localizeWith(
    {
      message: error.serverMessage,
      status: error.status,
      code: error.code,
      field: error.issues?.[0]?.field,
    },
    (key, values) => messages[key]?.(values) ?? error.serverMessage,
    (id) => status[id]?.() ?? id,
  );
  // Each field's rejection, shown under the field (serverFieldErrors): its text in the reader's language when the
  // app knows it, else 'Check this field' in that language; never the English.
  const issues = error.issues?.map((issue) => ({
    ...issue,
    message: localizer.localizeWith(
      { message: issue.message, status: 400 },
      (key, values) =>
        (key === 'badRequest' ? messages.fieldInvalid?.() : messages[key]?.(values)) ?? issue.message,
      (id) => status[id]?.() ?? id,
    ),
  }));
  return new ApiError({
    status: error.status,
    message,
    serverMessage: error.serverMessage,
    ...(error.code !== undefined ? { code: error.code } : {}),
    ...(issues !== undefined ? { issues } : {}),
    ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
  });
}
