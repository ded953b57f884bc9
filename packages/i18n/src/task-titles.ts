import { en } from './catalogue/en';

export type TitleKey = keyof typeof en.titles;
type ObservationId = keyof typeof en.observation;

/** Each English title template as a pattern: its text matched exactly, each placeholder a capture. */
const PATTERNS: { key: TitleKey; names: string[]; pattern: RegExp }[] = (
  Object.entries(en.titles) as [TitleKey, string][]
).map(([key, template]) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '(.+)';
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`, 's') };
});
// The most specific first: 'Observation: {observations} - {about}' before 'Observation: {observations}'.
PATTERNS.sort((a, b) => b.pattern.source.length - a.pattern.source.length);

const OBSERVATION_BY_LABEL = new Map<string, ObservationId>(
  (Object.entries(en.observation) as [ObservationId, string][]).map(([id, label]) => [label, id]),
);

/**
 * A task title the product wrote, taken apart (decision 0552): which template (contract AlertTitleMessages, the
 * training alert) and its values. Tasks keep the title they were raised with, in English, so the reader's
 * language is applied when it is shown. Names, units and doors are values, never translated; a title a person
 * typed matches nothing (null) and is shown as typed.
 */
export function matchTaskTitle(title: string): { key: TitleKey; values: Record<string, string> } | null {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(title);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      values[name] = match[i + 1]!;
    });
    return { key, values };
  }
  return null;
}

/**
 * The title in another language: `format` formats a title message of that language, `observationLabel` names an
 * observation type in it ('Skin, Pain' in an observation title are translated one by one; unknown ones stay).
 */
export function localizeTaskTitleWith(
  title: string,
  format: (key: TitleKey, values: Record<string, string>) => string,
  observationLabel: (id: ObservationId) => string,
): string {
  const found = matchTaskTitle(title);
  if (!found) return title;
  const { observations } = found.values;
  if (observations !== undefined) {
    found.values.observations = observations
      .split(', ')
      .map((label) => {
        const id = OBSERVATION_BY_LABEL.get(label);
        return id ? observationLabel(id) : label;
      })
      .join(', ');
  }
  return format(found.key, found.values);
}
