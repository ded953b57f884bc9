/**
 * The query key of the walks in progress shown by the caregivers' banner (decision 0505): its own module, so that the
 * live channel's `deviceQa.changed` handler (on the dashboard's first load) does not bring the banner with it.
 */
export const DEVICE_TESTS_QUERY_KEY = ['deviceQaSessions', 'current'] as const;
