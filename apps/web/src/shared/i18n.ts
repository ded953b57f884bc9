/**
 * The app's language (issue #33, docs/decisions/0550-0551): the staff member's own once signed in, before that the
 * one chosen on the sign-in screen, else the browser's. Messages come from @sage/i18n's catalogue compiled at build
 * time (vite.config.ts, `virtual:messages/<language>/<namespace>`); each namespace of the current language loads
 * with the screen that uses it, so a Spanish reader never fetches the English messages and the reverse.
 */
import type { MessageKey, MessageValues, Namespace } from '@sage/i18n/catalogue';
import {
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  LOCALE_TAGS,
  languageFromTags,
} from '@sage/i18n/languages';
import { use, useSyncExternalStore } from 'react';
import { type Tracked, tracked } from './tracked';

type Compiled = Record<string, (values?: MessageValues) => string>;
export type Messages<N extends Namespace> = {
  readonly [K in MessageKey<N>]: (values?: MessageValues) => string;
};

/**
 * The namespaces the web app shows through this module (the server's own, `notify`, is never loaded here; the API
 * client loads `apiErrors` itself, when a request fails: shared/api/localize-error.ts).
 */
type WebNamespace = Exclude<Namespace, 'notify' | 'apiErrors'>;

/**
 * The namespaces whose loaders are here, on every first load. The others' loaders live with the lazy code that
 * shows them (`lazyMessages`, decision 0630), so a namespace added for a drawer costs the first load nothing.
 */
type EagerNamespace = Exclude<WebNamespace, LazyNamespace>;
type LazyNamespace =
  // Loaded by features/shell/shell-messages.ts itself: English in the first chunk, another language at start.
  | 'shell'
  | 'resolution'
  | 'resolve'
  | 'shift'
  | 'landing'
  | 'sound'
  | 'station'
  // The caregiver's and nurse's other pages (decision 0710).
  | 'tasks'
  | 'residents'
  | 'team'
  | 'training'
  | 'alertList'
  | 'devices'
  | 'optIn'
  | 'reassign'
  | 'manageStaff'
  | 'manageUnits'
  | 'manageCareZones'
  | 'careType'
  // The staff member actions, the High Five drawers, the resident's Pendants (decision 0750); the device trouble
  // titles' messages, loaded by shared/trouble-titles.ts itself.
  | 'staffActions'
  | 'highFive'
  | 'pendants'
  | 'troubleTitles'
  // The routine screens (decision 0760).
  | 'taskForm'
  | 'checkIns'
  | 'units'
  | 'pickers'
  | 'policies'
  // /insights, the response times and the administration pages (decision 0770).
  | 'insightsPage'
  | 'responseTimes'
  | 'adminOrg'
  | 'adminPages'
  // The manager's device screens and the device QA walk (decision 0790).
  | 'deviceType'
  | 'deviceRegistry'
  | 'deviceAllocation'
  | 'doors'
  | 'deviceQa'
  | 'residentsAdmin'
  | 'stationsAdmin'
  | 'reportsPage'
  | 'fieldChecks';

type Loader = () => Promise<{ default: Compiled }>;

const LOADERS: Record<Language, Record<EagerNamespace, Loader>> = {
  en: {
    signIn: () => import('virtual:messages/en/signIn'),
    profile: () => import('virtual:messages/en/profile'),
    severity: () => import('virtual:messages/en/severity'),
    status: () => import('virtual:messages/en/status'),
    observation: () => import('virtual:messages/en/observation'),
    titles: () => import('virtual:messages/en/titles'),
    dashboard: () => import('virtual:messages/en/dashboard'),
    alert: () => import('virtual:messages/en/alert'),
    care: () => import('virtual:messages/en/care'),
    entries: () => import('virtual:messages/en/entries'),
  },
  es: {
    signIn: () => import('virtual:messages/es/signIn'),
    profile: () => import('virtual:messages/es/profile'),
    severity: () => import('virtual:messages/es/severity'),
    status: () => import('virtual:messages/es/status'),
    observation: () => import('virtual:messages/es/observation'),
    titles: () => import('virtual:messages/es/titles'),
    dashboard: () => import('virtual:messages/es/dashboard'),
    alert: () => import('virtual:messages/es/alert'),
    care: () => import('virtual:messages/es/care'),
    entries: () => import('virtual:messages/es/entries'),
  },
};

/** Where the sign-in screen's explicit choice is kept (the browser's language is not stored: it is read). */
const CHOICE_KEY = 'sage.language';

function storedChoice(): Language | null {
  try {
    const value = localStorage.getItem(CHOICE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

const browserLanguage = (): Language =>
  languageFromTags(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/**
 * A chosen language is mirrored in a cookie, so the server serves the prerendered sign-in page in it (decision
 * 0900); a year, as a choice kept in storage lasts. Set again at start for choices made before the cookie existed.
 */
function mirrorChoice(language: Language): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser staff phones run.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${
    location.protocol === 'https:' ? '; Secure' : ''
  }`;
}

const initialChoice = storedChoice();
if (initialChoice) mirrorChoice(initialChoice);

let current: Language = initialChoice ?? browserLanguage();
const listeners = new Set<() => void>();

function applyToDocument(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE_TAGS[language];
}
applyToDocument(current);

export const currentLanguage = (): Language => current;

/**
 * The current language's locale tag ('en-US', 'es-US'), for dates and times: formatted for the reader's language,
 * in the facility's time zone where the screen knows it (decision 0631).
 */
export const localeTag = (): string => LOCALE_TAGS[current];

/** The language chosen on the sign-in screen, if one was (it is saved to the profile at sign-in). */
export const chosenLanguage = (): Language | null => storedChoice();

/**
 * Shows the app in `language`. `remember`: the person chose it (the sign-in screen, their profile), so it is kept
 * in this browser for the next sign-in screen too.
 */
export function setLanguage(language: Language, { remember = false } = {}): void {
  if (remember) {
    try {
      localStorage.setItem(CHOICE_KEY, language);
    } catch {
      // Private mode without storage: the choice holds for this visit.
    }
    mirrorChoice(language);
  }
  if (language === current) return;
  current = language;
  applyToDocument(language);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLanguage = (): Language => useSyncExternalStore(subscribe, currentLanguage, currentLanguage);

const loaded = new Map<string, Tracked<Compiled>>();

/** Lazy namespaces' loaders, registered by the modules that show them (`lazyMessages`). */
const lazyLoaders: Partial<Record<WebNamespace, Record<Language, Loader>>> = {};

export function loadMessages(language: Language, namespace: WebNamespace): Tracked<Compiled> {
  const id = `${language}/${namespace}`;
  let promise = loaded.get(id);
  if (!promise) {
    const loader =
      (LOADERS[language] as Partial<Record<WebNamespace, Loader>>)[namespace] ??
      lazyLoaders[namespace]?.[language];
    if (!loader) throw new Error(`No loader for the messages ${id}`);
    // A chunk that failed to load (a dropped connection) is asked for again by the next render, not kept failed.
    promise = tracked(
      loader().then((m) => m.default),
      () => loaded.delete(id),
    );
    loaded.set(id, promise);
  }
  return promise;
}

/**
 * Starts loading namespaces of the current language (and, in another language than English, the task titles'
 * matching): a page calls it before its first `useMessages`, so they load together, not one after the other.
 */
export function preloadMessages(...namespaces: WebNamespace[]): void {
  for (const namespace of namespaces) void loadMessages(current, namespace);
  if (current !== 'en') void loadTitleLocalizer(current);
}

/** A namespace's messages in the current language; the component suspends while they load. */
export function useMessages<N extends WebNamespace>(namespace: N): Messages<N> {
  const language = useLanguage();
  return use(loadMessages(language, namespace) as Promise<Compiled>) as unknown as Messages<N>;
}

/**
 * Registers the loaders of a namespace that only lazy code shows (its drawers, a bar shown later) and starts
 * loading it in the current language, so it is usually in by the time the code renders (decision 0630):
 * `lazyMessages('resolve', { en: () => import('virtual:messages/en/resolve'), es: ... })` in that code's module.
 * `useMessages(namespace)` reads it as any other.
 */
export function lazyMessages(namespace: LazyNamespace, loaders: Record<Language, Loader>): void {
  lazyLoaders[namespace] = loaders;
  void loadMessages(current, namespace);
}

/** Formats a stored task title in the reader's language (decision 0552). */
export type TitleLocalizer = (title: string) => string;
const asTyped: TitleLocalizer = (title) => title;
let titleLocalizers: Partial<Record<Language, Tracked<TitleLocalizer>>> = {};

/**
 * Task titles are stored in English, as the product wrote them: shown as they are in English; in another
 * language matched against the templates and formatted in it (decision 0552). The matching (and the English
 * templates it needs) loads only for a reader of another language, never on an English first load.
 */
function loadTitleLocalizer(language: Language): Tracked<TitleLocalizer> {
  let promise = titleLocalizers[language];
  if (!promise) {
    promise = tracked(
      Promise.all([
        import('virtual:title-matcher'),
        loadMessages(language, 'titles'),
        loadMessages(language, 'observation'),
      ]).then(([{ default: matcher }, titles, observation]): TitleLocalizer => {
        return (title) =>
          matcher.localizeWith(
            title,
            (key, values) => titles[key]?.(values) ?? title,
            (id) => observation[id]?.() ?? id,
          );
      }),
    );
    titleLocalizers = { ...titleLocalizers, [language]: promise };
  }
  return promise;
}

/** Device trouble titles' localizers (decision 0750): loaded with the first such title a non-English reader sees. */
let troubleLocalizers: Partial<Record<Language, Tracked<TitleLocalizer>>> = {};

function loadTroubleTitleLocalizer(language: Language): Tracked<TitleLocalizer> {
  let promise = troubleLocalizers[language];
  if (!promise) {
    promise = tracked(import('./trouble-titles').then((m) => m.troubleTitleLocalizer(language)));
    troubleLocalizers = { ...troubleLocalizers, [language]: promise };
  }
  return promise;
}

/**
 * The current language's task title formatter; suspends while a non-English one loads. `kind`: the task's, when
 * known: a device trouble task's title has templates of its own, which load only with the first one shown
 * (decision 0750), never with the dashboard.
 */
export function useTaskTitle(kind?: string): TitleLocalizer {
  const language = useLanguage();
  if (language === 'en') return asTyped;
  return use(
    (kind === 'DEVICE_TROUBLE'
      ? loadTroubleTitleLocalizer(language)
      : loadTitleLocalizer(language)) as Promise<TitleLocalizer>,
  );
}

/**
 * Settles once `useTaskTitle` answers without suspending (at once in English): for a toast naming an alert,
 * shown in the reader's language from its first frame (decision 0670). Never rejects: a title that cannot be
 * localized is shown as stored.
 */
export function taskTitlesReady(): Promise<unknown> {
  return current === 'en' ? Promise.resolve() : loadTitleLocalizer(current).catch(() => undefined);
}

/** A stored task title in the reader's language (decision 0552), for places outside a component's own text. */
export function TaskTitle({ title, kind }: { title: string; kind?: string }): string {
  return useTaskTitle(kind)(title);
}

/** Set at sign-in when the sign-in screen's language was chosen there: saved to the profile once signed in. */
export const LANGUAGE_TO_SAVE_KEY = 'sage.language.save';

export function saveChosenLanguageAtSignIn(language: Language | null): void {
  try {
    if (language) sessionStorage.setItem(LANGUAGE_TO_SAVE_KEY, language);
  } catch {
    // No storage: the profile's language applies.
  }
}
