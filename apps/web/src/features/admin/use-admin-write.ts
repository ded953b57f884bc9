import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../shared/api';
import { toast } from '../../shared/toast';
import { serverFieldErrors } from './form-rules';

/** The server refused a write made on a version someone else has changed since (decision 0174). */
export const isStaleWrite = (error: unknown): boolean => isApiError(error) && error.code === 'STALE_WRITE';

export interface AdminWriteOptions<TVariables, TResult> {
  write: (variables: TVariables) => Promise<TResult>;
  /** Refetches what the write changed: awaited before the success toast, and after a stale write. */
  refresh: () => Promise<unknown>;
  /** The success toast's text. */
  savedMessage: (result: TResult, variables: TVariables) => string;
  /** After a success and its refresh: leave the form (back to the list, close the editor). */
  onSaved?: (result: TResult, variables: TVariables) => void;
  /** After a stale write and its refresh: the latest version is what the page shows now. */
  onStale?: () => void;
  /** The server's field issues as form errors (`body.name` is `name`); `{}` clears them. */
  setFieldErrors?: (errors: Record<string, string>) => void;
  messages: { stale: string; failed: string };
}

/**
 * The part of a list page's writes that its inline editor shares: the editor closes after a save, a delete or a
 * stale write (the list then shows the latest version); the server's field issues go to `setFieldErrors`.
 */
export function inlineEditorWrites(
  refresh: () => Promise<unknown>,
  close: () => void,
  setFieldErrors: (errors: Record<string, string>) => void,
  messages: { stale: string; failed: string },
) {
  return { refresh, onSaved: close, onStale: close, setFieldErrors, messages };
}

/**
 * A save or delete of the managers' forms, one routine for all: on success refresh, toast, leave; on a stale write
 * (409 STALE_WRITE) say so, refresh and let the page show the latest version; otherwise the server's field issues
 * on the form and its message in a toast.
 */
export function useAdminWrite<TVariables = void, TResult = unknown>(
  options: AdminWriteOptions<TVariables, TResult>,
) {
  return useMutation({
    mutationFn: options.write,
    onSuccess: async (result, variables) => {
      options.setFieldErrors?.({});
      await options.refresh();
      toast.success(options.savedMessage(result, variables));
      options.onSaved?.(result, variables);
    },
    onError: async (error) => {
      options.setFieldErrors?.(serverFieldErrors(error));
      if (isStaleWrite(error)) {
        toast.warning(options.messages.stale);
        await options.refresh();
        options.onStale?.();
      } else {
        toast.error(isApiError(error) ? error.message : options.messages.failed);
      }
    },
  });
}
