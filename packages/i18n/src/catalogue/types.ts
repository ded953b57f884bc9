import type { en, Namespace } from './en';

/**
 * A language's catalogue: every namespace and key of the English one, each a string. A key missing from a
 * language, or one it has that English does not, fails the build (tsc); the placeholders are checked by the test.
 */
export type Catalogue = { readonly [N in Namespace]: { readonly [K in keyof (typeof en)[N]]: string } };

export type MessageKey<N extends Namespace> = keyof (typeof en)[N] & string;

/** The values of a message's placeholders. */
export type MessageValues = Record<string, string | number>;
