import type { en } from './catalogue/en';
import { templateMatcher } from './template-matching';

export type TitleKey = keyof typeof en.titles;
export type ObservationId = keyof typeof en.observation;

export interface TitleMatcher {
  /** Which template a stored title was written from, and its values; null for a title a person typed. */
  match: (title: string) => { key: TitleKey; values: Record<string, string> } | null;
  /**
   * The title in another language: `format` formats a title message of that language, `observationLabel`
   * names an observation type in it ('Skin, Pain' in an observation title are translated one by one).
   */
  localizeWith: (
    title: string,
    format: (key: TitleKey, values: Record<string, string>) => string,
    observationLabel: (id: ObservationId) => string,
  ) => string;
}

/**
 * Matching of stored task titles against the English templates (decision 0552), made from the templates given:
 * the server passes the catalogue's; the web app the same strings as data from its build (vite.config.ts
 * `virtual:message-templates/...`), so a reader of Spanish does not load the English catalogue and the
 * contract behind it.
 */
export function titleMatcher(
  titles: Readonly<Record<TitleKey, string>>,
  observationLabels: Readonly<Record<ObservationId, string>>,
): TitleMatcher {
  const match: TitleMatcher['match'] = templateMatcher(titles);
  const observationByLabel = new Map<string, ObservationId>(
    (Object.entries(observationLabels) as [ObservationId, string][]).map(([id, label]) => [label, id]),
  );

  return {
    match,
    localizeWith: (title, format, observationLabel) => {
      const found = match(title);
      if (!found) return title;
      const { observations } = found.values;
      if (observations !== undefined) {
        found.values.observations = observations
          .split(', ')
          .map((label) => {
            const id = observationByLabel.get(label);
            return id ? observationLabel(id) : label;
          })
          .join(', ');
      }
      return format(found.key, found.values);
    },
  };
}
