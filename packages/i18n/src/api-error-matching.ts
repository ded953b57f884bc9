import type { en } from './catalogue/en';
import type { TemplateMatch } from './template-matching';

export type ApiErrorKey = keyof typeof en.apiErrors;
type StatusId = keyof typeof en.status;

/** What the web app knows of a failed request: the message as the server (or its own client) wrote it. */
export interface FailedRequest {
  message: string;
  /** HTTP status; 0 when no reply came. */
  status: number;
  code?: string | undefined;
  /** The first field a 400 names. */
  field?: string | undefined;
}

/** The message for a reply's code, when its message is not one of the known texts. */
const BY_CODE: Readonly<Record<string, ApiErrorKey>> = {
  network_error: 'network',
  request_aborted: 'cancelled',
  database_unavailable: 'databaseUnavailable',
  session_ended: 'sessionEnded',
  token_expired: 'tokenExpired',
  invalid_token: 'tokenInvalid',
  INVALID_VALUE: 'invalidValue',
  RATE_LIMITED: 'rateLimited',
  VALIDATION_FAILED: 'invalidField',
  TASK_ALREADY_CLAIMED: 'claimedBySomeoneElse',
  TASK_NOT_ASSIGNED: 'notAssigned',
  CARE_CONFIRMATION_REQUIRED: 'careConfirmationRequired',
  NOT_AN_ESCALATION: 'notAnEscalation',
};

/** The message for a reply's status, when neither its message nor its code is known. */
function byStatus(status: number): ApiErrorKey {
  if (status === 0) return 'network';
  if (status === 401) return 'signInAgain';
  if (status === 403) return 'notAllowed';
  if (status === 404) return 'notFound';
  if (status === 409) return 'changedByOthers';
  if (status === 413) return 'tooLarge';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'serverError';
  return 'badRequest';
}

/** Placeholders whose value is a task status's English label, shown in the reader's language. */
const STATUS_PLACEHOLDERS = ['status', 'from', 'to'];

export interface ApiErrorLocalizer {
  /** Which message of the `apiErrors` namespace says this failure, and its values. */
  choose: (failed: FailedRequest) => { key: ApiErrorKey; values: Record<string, string> };
  /**
   * The failure in another language (decision 0730): the server's own text recognised by its English template,
   * else the reply's code, else its status, so a reader is never left with the English. `format` formats a
   * message of that language's `apiErrors`; `statusLabel` names a task status in it.
   */
  localizeWith: (
    failed: FailedRequest,
    format: (key: ApiErrorKey, values: Record<string, string>) => string,
    statusLabel: (id: StatusId) => string,
  ) => string;
}

/**
 * Made from a matcher of the English templates (`templateMatcher(en.apiErrors)`: the catalogue's, or the same as
 * data in the web app's build, where the matching code is the task titles' chunk's) and the English status labels.
 */
export function apiErrorLocalizer(
  match: (text: string) => TemplateMatch<ApiErrorKey> | null,
  statusLabels: Readonly<Record<StatusId, string>>,
): ApiErrorLocalizer {
  const statusByLabel = new Map<string, StatusId>(
    (Object.entries(statusLabels) as [StatusId, string][]).map(([id, label]) => [label, id]),
  );

  const choose: ApiErrorLocalizer['choose'] = (failed) => {
    const found = match(failed.message);
    if (found) return found;
    const byCode = failed.code === undefined ? undefined : BY_CODE[failed.code];
    if (byCode === 'invalidField') {
      return failed.field
        ? { key: byCode, values: { field: failed.field } }
        : { key: 'badRequest', values: {} };
    }
    if (byCode) return { key: byCode, values: {} };
    return { key: byStatus(failed.status), values: {} };
  };

  return {
    choose,
    localizeWith: (failed, format, statusLabel) => {
      const { key, values } = choose(failed);
      for (const name of STATUS_PLACEHOLDERS) {
        const id = values[name] === undefined ? undefined : statusByLabel.get(values[name]);
        if (id) values[name] = statusLabel(id);
      }
      return format(key, values);
    },
  };
}
