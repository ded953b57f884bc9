import { lazyMessages, useLanguage, useMessages } from '../../shared/i18n';
import { type DescribeIssue, fieldCheckOf } from './field-check';

/** The field checks' messages (decision 0780): loaded with the manager's forms, in the reader's language. */
lazyMessages('fieldChecks', {
  en: () => import('virtual:messages/en/fieldChecks'),
  es: () => import('virtual:messages/es/fieldChecks'),
});

const asWritten: DescribeIssue = (issue) => issue.message;

/**
 * A form's field check in the reader's language: in English the check's own text, as before (zod's, the
 * contract's); in another language the `fieldChecks` message that says it, never the English.
 */
export function useFieldChecks(): DescribeIssue {
  const language = useLanguage();
  const t = useMessages('fieldChecks');
  if (language === 'en') return asWritten;
  return (issue) => {
    const { key, values } = fieldCheckOf(issue);
    return t[key](values);
  };
}
