import MessageFormat from '@messageformat/core';
import { parse, type Token } from '@messageformat/parser';
import {
  AdminMessages,
  AlertTitleMessages,
  ButtonLabels,
  CARE_TYPE_LABELS,
  CareAssignmentMessages,
  CHECK_IN_STATUS_LABELS,
  CheckInMessages,
  ClaimReminderMessages,
  DEVICE_TYPE_LABELS,
  DeviceQaMessages,
  DrawerTitles,
  EmptyStateMessages,
  FollowUpErrorMessages,
  HOSPICE_STATUS_LABELS,
  LoginMessages,
  NotificationPolicyFormMessages,
  NotificationPolicyMessages,
  PhoneScreenErrors,
  RESUSCITATION_STRATEGY_LABELS,
  TASK_SCHEDULE_REPEAT_OPTIONS,
  TrainingMessages,
  UNIT_CHECK_IN_REASON_CHOICES,
} from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, type Catalogue } from './catalogue';
import { en } from './catalogue/en';
import { LANGUAGES, languageFromTags } from './languages';
import { localizeTaskTitle, translate } from './translate';

/** Every placeholder of an ICU message with its kind ('unit:argument', 'n:plural'), sorted, each once. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.add(`${token.arg}:argument`);
      else if (token.type === 'function') found.add(`${token.arg}:${token.key}`);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.add(`${token.arg}:${token.type}`);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

const entries = (catalogue: Catalogue) =>
  Object.entries(catalogue).flatMap(([namespace, messages]) =>
    Object.entries(messages as Record<string, string>).map(([key, text]) => ({
      id: `${namespace}.${key}`,
      text,
    })),
  );

describe('the catalogues', () => {
  const english = new Map(entries(en).map((e) => [e.id, e.text]));

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    const other = new Map(entries(CATALOGUES[language]).map((e) => [e.id, e.text]));

    it(`${language}: a message for every English key, none more, none empty`, () => {
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [id, text] of other) expect(text.trim(), id).not.toBe('');
    });

    it(`${language}: each message has the English one's placeholders, no more and no fewer`, () => {
      for (const [id, text] of english) {
        expect(placeholders(other.get(id) ?? ''), id).toEqual(placeholders(text));
      }
    });
  }

  it('every message of every language compiles as ICU MessageFormat', () => {
    for (const language of LANGUAGES) {
      const mf = new MessageFormat(language);
      for (const { id, text } of entries(CATALOGUES[language]))
        expect(() => mf.compile(text), id).not.toThrow();
    }
  });

  it("English is the contract's texts to the letter, placeholders filled in as the contract's functions fill them", () => {
    const t = (ns: Parameters<typeof translate>[1], key: string, values?: Record<string, string | number>) =>
      translate('en', ns, key as never, values);
    expect(t('signIn', 'welcome')).toBe(LoginMessages.welcome);
    expect(t('signIn', 'invalidCodeText', { supportPhone: '(800) 555-0199' })).toBe(
      LoginMessages.invalidCodeText('(800) 555-0199'),
    );
    expect(t('signIn', 'unsubscribedText', { senderNumber: '+1 555' })).toBe(
      PhoneScreenErrors.unsubscribed.text('+1 555'),
    );
    expect(t('notify', 'claimerReminder', { severity: 'High Priority', minutes: 5 })).toBe(
      ClaimReminderMessages.claimerBody('High Priority', 5),
    );
    expect(
      t('notify', 'escalationReminder', { severity: 'Emergency', claimerName: 'Ann Lee', minutes: 7 }),
    ).toBe(ClaimReminderMessages.escalationBody('Emergency', 'Ann Lee', 7));
    expect(t('devices', 'bannerDetail', { who: 'Ann Lee', until: '3:05 PM' })).toBe(
      DeviceQaMessages.bannerDetail('Ann Lee', '3:05 PM'),
    );
    expect(t('titles', 'training', { unitName: 'AL 101' })).toBe(TrainingMessages.alertTitle('AL 101'));
    const name = "Mary O'Neil";
    const titles: [string, Record<string, string>, string][] = [
      ['needsAssistance', { residentName: name }, AlertTitleMessages.needsAssistance(name)],
      ['wallButton', { place: 'AL 101' }, AlertTitleMessages.wallButton('AL 101')],
      [
        'assistanceRequested',
        { place: 'AL 101 (Bath)' },
        AlertTitleMessages.assistanceRequested('AL 101 (Bath)'),
      ],
      ['doorOpened', { door: 'East' }, AlertTitleMessages.doorOpened('East')],
      ['mayHaveFallen', { residentName: name }, AlertTitleMessages.mayHaveFallen(name)],
      ['fallDetected', { place: 'AL 101' }, AlertTitleMessages.fallDetected('AL 101')],
      ['bathAlert', { subject: name }, AlertTitleMessages.bathAlert(name)],
      ['sensorAlert', { subject: name }, AlertTitleMessages.sensorAlert(name)],
      [
        'observation',
        { observations: 'Skin, Pain', about: name },
        AlertTitleMessages.observation('Skin, Pain', name),
      ],
      ['observationOnly', { observations: 'Skin' }, AlertTitleMessages.observationOnly('Skin')],
    ];
    expect(titles.map(([key]) => key).sort()).toEqual(Object.keys(AlertTitleMessages).sort());
    for (const [key, values, expected] of titles) expect(t('titles', key, values), key).toBe(expected);
    // The manager's counts, written in ICU, read as the contract's functions (decision 0680).
    for (const count of [0, 1, 2, 12]) {
      expect(t('manageUnits', 'occupants', { count })).toBe(AdminMessages.occupants(count));
      expect(t('manageCareZones', 'unitCount', { count })).toBe(AdminMessages.unitCount(count));
    }
    // Every English message with no placeholder reads exactly as written (no ICU quoting ate an apostrophe).
    // (A quoted brace, '{taskId}', is literal text: the one such message formats to the contract's text.)
    expect(t('apiErrors', 'notAnEscalation')).toBe(FollowUpErrorMessages.notAnEscalation);
    for (const { id, text } of entries(en)) {
      if (placeholders(text).length > 0 || id === 'apiErrors.notAnEscalation') continue;
      const [ns, key] = id.split('.') as [Parameters<typeof translate>[1], string];
      expect(t(ns, key), id).toBe(text);
    }
  });
});

describe('task titles in the reader language', () => {
  it('a title the product wrote is shown in Spanish with its values as they were', () => {
    expect(localizeTaskTitle('Margaret Hale needs assistance', 'es')).toBe('Margaret Hale necesita ayuda');
    expect(localizeTaskTitle('Observation: Skin, Pain - Margaret Hale', 'es')).toBe(
      'Observación: Piel, Dolor - Margaret Hale',
    );
    expect(localizeTaskTitle('Observation: Skin', 'es')).toBe('Observación: Piel');
    expect(localizeTaskTitle('East door opened', 'es')).toBe('Se abrió la puerta East');
  });

  it('a title a person typed, and every title in English, stays as it is', () => {
    expect(localizeTaskTitle('Bring fresh towels to 204', 'es')).toBe('Bring fresh towels to 204');
    expect(localizeTaskTitle('Margaret Hale needs assistance', 'en')).toBe('Margaret Hale needs assistance');
  });
});

describe('the language of a browser', () => {
  it.each([
    [['es-MX', 'en-US'], 'es'],
    [['en-GB'], 'en'],
    [['fr-FR', 'es'], 'es'],
    [['fr-FR'], 'en'],
    [[], 'en'],
  ])('%j reads %s', (tags, language) => {
    expect(languageFromTags(tags)).toBe(language);
  });
});

describe("the caregiver's and nurse's other pages (decision 0710)", () => {
  it("English labels are the contract's, each by its id", () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      translate('en', 'residents', key as never, values);
    for (const [id, label] of Object.entries(CARE_TYPE_LABELS)) expect(t(`careType_${id}`)).toBe(label);
    for (const [id, label] of Object.entries(RESUSCITATION_STRATEGY_LABELS))
      expect(t(`code_${id}`)).toBe(label);
    for (const [id, label] of Object.entries(HOSPICE_STATUS_LABELS)) expect(t(`hospice_${id}`)).toBe(label);
    expect(t('careAssignmentAdded')).toBe(CareAssignmentMessages.added);
    expect(t('searchTitle')).toBe(DrawerTitles.searchResident);
    expect(t('noResidentsFound')).toBe(EmptyStateMessages.noResidentsFound);
    expect(translate('en', 'team', 'call', { phone: '+1 415' })).toBe(`${ButtonLabels.call} +1 415`);
  });

  it('Spanish reads differently from English on these pages, placeholders filled in', () => {
    expect(translate('es', 'tasks', 'observationsCount', { count: 2 })).toBe('Observaciones (2)');
    expect(translate('es', 'residents', 'age', { age: 84 })).toBe('Edad 84');
    expect(translate('es', 'team', 'addedToGroup', { name: 'Ana Ruiz', group: 'Nurses' })).toBe(
      'Ana Ruiz fue agregado a Nurses',
    );
    for (const namespace of ['tasks', 'residents', 'team'] as const) {
      const english = CATALOGUES.en[namespace] as Record<string, string>;
      const spanish = CATALOGUES.es[namespace] as Record<string, string>;
      // 'No' (hospice: standard care) is the one word both languages share.
      const same = Object.keys(english).filter(
        (key) => english[key] === spanish[key] && english[key] !== 'No',
      );
      expect(same, namespace).toEqual([]);
    }
  });
});

describe('the routine screens (decision 0760)', () => {
  it("English is the contract's, each by its id, placeholders filled in as the contract fills them", () => {
    const t = (ns: Parameters<typeof translate>[1], key: string, values?: Record<string, string | number>) =>
      translate('en', ns, key as never, values);
    for (const option of TASK_SCHEDULE_REPEAT_OPTIONS)
      expect(t('taskForm', `repeat_${option.value}`)).toBe(option.label);
    for (const [status, label] of Object.entries(CHECK_IN_STATUS_LABELS))
      expect(t('checkIns', `status_${status}`)).toBe(label);
    for (const choice of UNIT_CHECK_IN_REASON_CHOICES)
      expect(t('checkIns', `reason_${choice.reason}`)).toBe(choice.label);
    expect(t('checkIns', 'updated', { unitName: 'IL 204' })).toBe(CheckInMessages.updatedForUnit('IL 204'));
    for (const [type, label] of Object.entries(DEVICE_TYPE_LABELS))
      expect(t('units', `deviceType_${type}`)).toBe(label);
    expect(t('units', 'pendantOf', { name: "Mary O'Neil" })).toBe("Mary O'Neil's pendant");
    for (const n of [1, 2, 12]) {
      expect(t('policies', 'step', { n })).toBe(NotificationPolicyMessages.step(n));
      expect(t('policies', 'filter', { n })).toBe(NotificationPolicyMessages.filter(n));
    }
    for (const [key, text] of Object.entries(NotificationPolicyFormMessages))
      expect(t('policies', key)).toBe(text);
    expect(t('policies', 'reminderDescription')).toBe(ClaimReminderMessages.description);
    // A number of minutes as the editor always wrote it: '1 minute', no thousands separator, decimals kept.
    expect(t('policies', 'startsAfter', { minutes: 1 })).toBe('Starts after 1 minute');
    expect(t('policies', 'startsAfter', { minutes: 1440 })).toBe('Starts after 1440 minutes');
    expect(t('policies', 'repeatsEvery', { minutes: 0.5 })).toBe('repeats every 0.5 minutes');
    expect(translate('es', 'policies', 'repeatsEvery', { minutes: 1 })).toBe('se repite cada 1 minuto');
    expect(translate('es', 'policies', 'startsAfter', { minutes: 1440 })).toBe(
      'Empieza después de 1440 minutos',
    );
  });

  it('Spanish reads differently from English on these screens', () => {
    for (const namespace of ['taskForm', 'checkIns', 'units', 'pickers', 'policies'] as const) {
      const english = CATALOGUES.en[namespace] as Record<string, string>;
      const spanish = CATALOGUES.es[namespace] as Record<string, string>;
      const same = Object.keys(english).filter((key) => english[key] === spanish[key]);
      expect(same, namespace).toEqual([]);
    }
  });
});
