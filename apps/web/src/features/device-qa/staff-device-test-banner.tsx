import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '../../shared/api';
import { toast } from '../../shared/toast';
import { deviceQaApi, deviceQaKeys } from './device-qa-api';
import { DeviceTestBanner, useRefetchAtExpiry } from './device-test-banner';
import { useDeviceTests } from './device-tests-query';

/**
 * The signed-in staff member's banner (the dashboard): the walks in progress in their communities, read at start,
 * on every live `deviceQa.changed` and `ready` (use-live-updates), and at their end time. 'End test' for a manager
 * or a nurse (the server decides `mayEnd` and checks it again).
 */
export function StaffDeviceTestBanner() {
  const queryClient = useQueryClient();
  const notices = useDeviceTests();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: deviceQaKeys.current }),
    [queryClient],
  );
  useRefetchAtExpiry(notices.data, notices.dataUpdatedAt, refetch);
  const end = useMutation({
    mutationFn: (rid: string) => deviceQaApi.endFromBanner(rid),
    onSuccess: (reply) => queryClient.setQueryData(deviceQaKeys.current, reply),
    onError: (error) => {
      toast.error(isApiError(error) ? error.message : String(error));
      refetch();
    },
  });
  return (
    <DeviceTestBanner
      reply={notices.data}
      receivedAt={notices.dataUpdatedAt}
      onEnd={(n) => end.mutate(n.deviceQaSessionRid)}
      endingRid={end.isPending ? end.variables : null}
    />
  );
}
