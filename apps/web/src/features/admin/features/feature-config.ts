export interface FeatureFormValues {
  name: string;
  isEnabled: boolean;
  /** JSON text; empty for no config. */
  config: string;
}

export type FeatureFields = { name: string; isEnabled: boolean; config: Record<string, unknown> | null };

/** The config text as an object, null when empty, undefined when it is not a JSON object. */
export function parseFeatureConfig(text: string): Record<string, unknown> | null | undefined {
  if (text.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
