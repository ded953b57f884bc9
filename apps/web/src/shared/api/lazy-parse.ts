/**
 * A reply check by a zod schema that is not on the page's first load (docs/decisions/0446): `load` imports the
 * feature's schemas module (which re-exports contract schemas), `pick` takes one schema from it. The import
 * starts when the check is made, that is with the request, so it runs while the reply is on its way; the
 * browser keeps the module after the first call. The reply is then checked exactly as before.
 */
export function lazyParse<M, T>(
  load: () => Promise<M>,
  pick: (schemas: M) => { parse: (data: unknown) => T | PromiseLike<T> },
): (data: unknown) => Promise<T> {
  const loading = load();
  // A request that fails first never awaits the import: its failure must not surface as unhandled.
  loading.catch(() => undefined);
  return async (data) => pick(await loading).parse(data);
}
