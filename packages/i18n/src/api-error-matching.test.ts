import {
  CARE_CONFIRMATION_REQUIRED_MESSAGE,
  ClientErrorMessages,
  INTERNAL_SERVER_ERROR_MESSAGE,
  ResolveMessages,
  ServiceErrorMessages,
  TASK_STATUS_LABELS,
  TaskConflictMessages,
} from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { apiErrorLocalizer, type FailedRequest } from './api-error-matching';
import { en } from './catalogue/en';
import { templateMatcher } from './template-matching';
import { translate } from './translate';

// Made as the web app's build makes it: from the English catalogue's templates and status labels.
const localizer = apiErrorLocalizer(templateMatcher(en.apiErrors), en.status);
const inSpanish = (failed: FailedRequest) =>
  localizer.localizeWith(
    failed,
    (key, values) => translate('es', 'apiErrors', key, values),
    (id) => translate('es', 'status', id),
  );

describe('API errors in the reader language (decision 0730)', () => {
  // [what the server sent, what a Spanish reader is shown]
  const cases: [FailedRequest, string][] = [
    // The server's own texts, recognised by their template, values kept (names are never translated).
    [
      { status: 409, code: 'TASK_ALREADY_CLAIMED', message: TaskConflictMessages.claimedBy('Emily Chen') },
      'Emily Chen ya tomó esta tarea.',
    ],
    [
      { status: 409, code: 'TASK_ALREADY_CLAIMED', message: TaskConflictMessages.claimedBySomeoneElse },
      'Otra persona ya tomó esta tarea.',
    ],
    // A status label inside the message is the reader's status label.
    [
      { status: 409, message: TaskConflictMessages.closed(TASK_STATUS_LABELS.CLOSED_CANCELED) },
      'Esta tarea está cerrada (Cerrada - cancelada).',
    ],
    [
      {
        status: 409,
        message: TaskConflictMessages.invalidTransition(
          TASK_STATUS_LABELS.OPEN_UNCLAIMED,
          TASK_STATUS_LABELS.OPEN_CONFIRMED,
        ),
      },
      'Una tarea no puede pasar de Abierta - sin tomar a Abierta - cuidado confirmado.',
    ],
    [
      { status: 409, code: 'TASK_ALREADY_RESOLVED', message: ResolveMessages.alreadyResolvedAlert },
      'Esta alerta ya fue resuelta.',
    ],
    [
      { status: 400, code: 'CARE_CONFIRMATION_REQUIRED', message: CARE_CONFIRMATION_REQUIRED_MESSAGE },
      'Falta confirmar el cuidado: primero presione el colgante del residente o un botón de pared de la unidad.',
    ],
    [
      { status: 503, code: 'database_unavailable', message: ServiceErrorMessages.databaseUnavailable },
      'El sistema no responde ahora. Pruebe otra vez en unos segundos.',
    ],
    [{ status: 500, message: INTERNAL_SERVER_ERROR_MESSAGE }, 'Algo salió mal. Pruebe otra vez.'],
    [
      { status: 0, code: 'request_timeout', message: ClientErrorMessages.timedOut(15) },
      'No hubo respuesta en 15 segundos. Pruebe otra vez.',
    ],
    // A message not known: the reply's code says it.
    [
      { status: 0, code: 'network_error', message: 'Failed to fetch' },
      'Sin conexión. Revise la red y pruebe otra vez.',
    ],
    [
      { status: 400, code: 'VALIDATION_FAILED', field: 'body.note', message: 'body.note: Too big (maximum)' },
      'Un dato no es válido: body.note',
    ],
    [{ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid request' }, 'La solicitud no es válida.'],
    [
      { status: 429, code: 'RATE_LIMITED', message: 'Too Many Requests' },
      'Demasiados intentos. Espere un momento y pruebe otra vez.',
    ],
    // Neither known: the status says it; the English is never shown.
    [
      { status: 404, code: 'NOT_FOUND', message: 'Task 8f3a not found' },
      'No se encontró. Puede que ya no exista.',
    ],
    [
      { status: 403, code: 'FORBIDDEN', message: 'Only the author of a note may edit it' },
      'No tiene permiso para hacer esto.',
    ],
    [
      { status: 409, code: 'CONFLICT', message: 'This walk has already ended' },
      'Alguien cambió esto antes que usted. Vea lo más reciente y pruebe otra vez.',
    ],
    [{ status: 502, message: 'Bad Gateway' }, 'Algo salió mal. Pruebe otra vez.'],
  ];

  it.each(cases)('%o → %s', (failed, spanish) => {
    expect(inSpanish(failed)).toBe(spanish);
  });

  it('in English each server text is matched to the key whose English it is (the round trip)', () => {
    for (const [failed] of cases) {
      const { key, values } = localizer.choose(failed);
      if (failed.message === translate('en', 'apiErrors', key, values)) continue;
      // Not matched by its message: chosen by code or status, never a server text's key.
      expect(Object.values(en.apiErrors)).not.toContain(failed.message);
    }
  });
});
