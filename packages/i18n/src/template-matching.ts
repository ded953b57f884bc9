/** Which template a text was written from, and the values in its placeholders. */
export interface TemplateMatch<K extends string> {
  key: K;
  values: Record<string, string>;
}

/**
 * Matching of a text the product wrote in English against the English templates it was written from (ICU
 * placeholders `{name}`, no plurals): each template's text matched exactly, each placeholder a capture; the most
 * specific template first ('Observation: {observations} - {about}' before 'Observation: {observations}').
 */
export function templateMatcher<K extends string>(
  templates: Readonly<Record<K, string>>,
): (text: string) => TemplateMatch<K> | null {
  const patterns = (Object.entries(templates) as [K, string][]).map(([key, template]) => {
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
  patterns.sort((a, b) => b.pattern.source.length - a.pattern.source.length);

  return (text) => {
    for (const { key, names, pattern } of patterns) {
      const found = pattern.exec(text);
      if (!found) continue;
      const values: Record<string, string> = {};
      names.forEach((name, i) => {
        values[name] = found[i + 1] as string;
      });
      return { key, values };
    }
    return null;
  };
}
