/** A promise that React's `use` reads at once once settled (its status set on it, as React does). */
export type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

/**
 * `promise`, marked fulfilled with its value as soon as it is, so that `use` reads it without suspending from then
 * on. `onRejected` runs if it fails (without one, a failure is left unhandled here, as before it was tracked).
 */
export function tracked<T>(promise: Promise<T>, onRejected?: () => void): Tracked<T> {
  const settled = promise as Tracked<T>;
  const fulfil = (value: T) => {
    settled.status = 'fulfilled';
    settled.value = value;
  };
  if (onRejected) settled.then(fulfil, onRejected);
  else settled.then(fulfil);
  return settled;
}
