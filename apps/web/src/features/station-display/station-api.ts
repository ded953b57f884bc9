import {
  STATION_DISPLAY_ALERTS_PATH,
  STATION_DISPLAY_TOKEN_PATH,
  StationDisplayErrorCode,
  type TCreatedStationDisplay,
  type TCreateStationDisplayRequest,
  type TStationAlertsReply,
  type TStationDisplayTokenReply,
  ZCreatedStationDisplaySchema,
  ZStationAlertsReplySchema,
  ZStationDisplayListSchema,
  ZStationDisplayTokenReplySchema,
} from '@sage/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** This screen's display key (docs/decisions/0370), kept in the browser: the screen stays paired. */
export const DISPLAY_KEY_STORAGE = 'sage.stationDisplayKey';

export const displayKeyStore = {
  get(): string | null {
    try {
      return localStorage.getItem(DISPLAY_KEY_STORAGE);
    } catch {
      return null;
    }
  },
  set(key: string | null): void {
    try {
      if (key) localStorage.setItem(DISPLAY_KEY_STORAGE, key);
      else localStorage.removeItem(DISPLAY_KEY_STORAGE);
    } catch {
      // Private mode without storage: paired for this page load only.
    }
  },
};

/** A refused display key (unknown or unpaired): the screen asks to be paired again. */
export class DisplayKeyRefused extends Error {
  override readonly name = 'DisplayKeyRefused';
}

async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function fetchDisplayToken(displayKey: string): Promise<TStationDisplayTokenReply> {
  const res = await postJson(STATION_DISPLAY_TOKEN_PATH, { displayKey });
  if (res.status === 400 || res.status === 401) {
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    if (res.status === 400 || body.code === StationDisplayErrorCode.DISPLAY_KEY_INVALID)
      throw new DisplayKeyRefused('This display key is unknown or was removed');
  }
  if (!res.ok) throw new Error(`Display sign-in failed (${res.status})`);
  return ZStationDisplayTokenReplySchema.parse(await res.json());
}

export async function fetchStationAlerts(accessToken: string): Promise<TStationAlertsReply> {
  const res = await fetch(STATION_DISPLAY_ALERTS_PATH, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (res.status === 401) throw new DisplayKeyRefused('The display session ended');
  if (!res.ok) throw new Error(`Reading the alerts failed (${res.status})`);
  return ZStationAlertsReplySchema.parse(await res.json());
}

// Managers' side: pair, list, unpair (through the app's API client, as the signed-in manager).
const stationDisplayKeys = { list: (facilityId: string) => ['stationDisplays', facilityId] as const };

export function useStationDisplays(facilityId: string) {
  return useQuery({
    queryKey: stationDisplayKeys.list(facilityId),
    queryFn: () =>
      api.get('admin', '/stationDisplays', { query: { facilityId }, parse: ZStationDisplayListSchema.parse }),
    select: (reply) => reply.stationDisplays,
  });
}

export function usePairStationDisplay(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateStationDisplayRequest): Promise<TCreatedStationDisplay> =>
      api.post('admin', '/stationDisplays', body, { parse: ZCreatedStationDisplaySchema.parse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stationDisplayKeys.list(facilityId) }),
  });
}

export function useUnpairStationDisplay(facilityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('admin', `/stationDisplays/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stationDisplayKeys.list(facilityId) }),
  });
}
