import type { Language } from '../languages';
import { en } from './en';
import { es } from './es';
import type { Catalogue } from './types';

export type { Namespace } from './en';
export type { Catalogue, MessageKey, MessageValues } from './types';

/** Both catalogues, for the server and the build (the web app loads one language's namespaces, compiled). */
export const CATALOGUES: Record<Language, Catalogue> = { en, es };
