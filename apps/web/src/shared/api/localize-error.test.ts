import { ClientErrorMessages, TASK_STATUS_LABELS, TaskConflictMessages } from '@sage/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages, setLanguage } from '../i18n';
import { ApiError, createApiClient, toApiError } from './client';
import { localizeApiError as localize } from './localize-error';

const localizeApiError = (error: ApiError) => localize(error, 'es', loadMessages('es', 'status'));

afterEach(() => setLanguage('en'));

describe('a failed request in the reader language (decision 0730)', () => {
  it("a Spanish reader is shown the server's text in Spanish; the English stays as serverMessage, with the code", async () => {
    setLanguage('es');
    const server = toApiError(409, 'Conflict', {
      statusCode: 409,
      code: 'TASK_ALREADY_CLAIMED',
      message: TaskConflictMessages.claimedBy('Emily Chen'),
    });
    const shown = await localizeApiError(server);
    expect(shown).toBeInstanceOf(ApiError);
    expect(shown.message).toBe('Emily Chen ya tomó esta tarea.');
    expect(shown.serverMessage).toBe('This task has already been claimed by Emily Chen.');
    expect(shown.code).toBe('TASK_ALREADY_CLAIMED');
    expect(shown.status).toBe(409);
  });

  it('a status label in the text is the reader’s; an unknown text is said by its status, never in English', async () => {
    setLanguage('es');
    const closed = await localizeApiError(
      toApiError(409, '', {
        statusCode: 409,
        message: TaskConflictMessages.closed(TASK_STATUS_LABELS.CLOSED_CANCELED),
      }),
    );
    expect(closed.message).toBe('Esta tarea está cerrada (Cerrada - cancelada).');
    const unknown = await localizeApiError(
      toApiError(404, '', { statusCode: 404, code: 'NOT_FOUND', message: 'Task 8f3a not found' }),
    );
    expect(unknown.message).toBe('No se encontró. Puede que ya no exista.');
  });

  it("a rejected field's text is the reader's too, under the field: known texts by their template, others 'Revise este campo.'", async () => {
    setLanguage('es');
    const shown = await localizeApiError(
      toApiError(400, 'Bad Request', {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'body.lastName: Too small',
        issues: [
          { field: 'body.lastName', message: 'Too small: expected string to have >=1 characters' },
          { field: 'body.room', message: TaskConflictMessages.claimedBy('Emily Chen') },
        ],
      }),
    );
    expect(shown.issues?.map((issue) => [issue.field, issue.message])).toEqual([
      ['body.lastName', 'Revise este campo.'],
      ['body.room', 'Emily Chen ya tomó esta tarea.'],
    ]);
  });

  it('the client throws the localized failure, including its own time-out text', async () => {
    setLanguage('es');
    const client = createApiClient({
      // A server that never answers: the request ends by the client's own timer.
      fetch: ((_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        })) as unknown as typeof fetch,
      getSession: () => null,
      localizeError: localizeApiError,
    });
    const failure = await client.get('signIn', '/x', { timeoutMs: 0 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    // Aborted by the client's own timer at 0 ms: its English is the contract's text, shown in Spanish.
    expect((failure as ApiError).serverMessage).toBe(ClientErrorMessages.timedOut(0));
    expect((failure as ApiError).message).toBe('No hubo respuesta en 0 segundos. Pruebe otra vez.');
  });
});
