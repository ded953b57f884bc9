import { formatCheckInTime } from '@sage/domain';
import { localeTag, useLanguage } from '../../shared/i18n';

/**
 * A check-in time in the facility's time zone, for the reader's language (decision 0631): English as the spec
 * writes it ('Mar 4, 2025 at 9:07 AM'), another language by its locale ('4 mar 2025, 9:07 a. m.').
 */
export function useCheckInTime(): (checkInTimestampMs: number, timeZone: string) => string {
  const language = useLanguage();
  if (language === 'en') return formatCheckInTime;
  return (checkInTimestampMs, timeZone) =>
    new Intl.DateTimeFormat(localeTag(), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(checkInTimestampMs),
    );
}
