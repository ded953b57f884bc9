import { type ResolutionListKind, resolutionSections } from '@sage/domain';
import { CATALOGUES } from '@sage/i18n/catalogue';
import { describe, expect, it } from 'vitest';

const KINDS: ResolutionListKind[] = ['default', 'independentLiving', 'careRefusal', 'skilledNursing'];

describe('the care provided list in the reader language (decision 0630)', () => {
  for (const kind of KINDS) {
    it(`${kind}: each section title and option label has its message, the English one the list's own text`, () => {
      const sections = resolutionSections(kind, { showRoutineCheck: true });
      for (const section of sections) {
        expect(CATALOGUES.en.resolution[section.titleKey], section.title).toBe(section.title);
        expect(CATALOGUES.es.resolution[section.titleKey], section.title).not.toBe(section.title);
        for (const option of section.options) {
          expect(CATALOGUES.en.resolution[option.labelKey], option.label).toBe(option.label);
          expect(CATALOGUES.es.resolution[option.labelKey], option.label).not.toBe(option.label);
        }
      }
    });
  }
});
