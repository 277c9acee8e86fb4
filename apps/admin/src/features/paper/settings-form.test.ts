// The settings form: what the server holds becomes the form and comes back the same; the schema says
// what is wrong in the admin's words; sitting windows are edited in local time and sent in UTC.
import { describe, expect, it } from 'vitest';
import type { OlympiadSettings } from './api/get-olympiad';
import { localInputToServer, settingsFormOf, settingsSchema, toLocalInput, updateSettingsOf } from './settings-form';

const olympiad: OlympiadSettings = {
  id: 1,
  projectId: 1,
  name: 'geography',
  title: 'Geography Olympiad',
  year: 2026,
  kind: 'schools',
  isOpen: true,
  isPinned: false,
  durationMinutes: 60,
  grades: [12, 8, 9],
  languages: ['en', 'af'],
  instructions: { en: '<p>Answer every question.</p>', af: '<p>Beantwoord elke vraag.</p>' },
  declaration: { en: '<p>On my own.</p>' },
  shuffleQuestions: false,
  shuffleOptions: true,
  sittingWindows: [{ startsAt: '2026-03-01T06:00:00', endsAt: '2026-03-01T18:30:00' }],
  createdAt: '2026-01-10T08:00:00Z',
  updatedAt: '2026-01-10T08:00:00Z',
};

describe('settings form', () => {
  it('round-trips the settings, windows through local time', () => {
    const form = settingsFormOf(olympiad);
    expect(form.grades).toEqual(['12', '8', '9']);
    const sent = updateSettingsOf(settingsSchema.parse(form));
    expect(sent.grades).toEqual([8, 9, 12]);
    expect(sent.sittingWindows).toEqual(olympiad.sittingWindows);
    expect(sent.instructions).toEqual(olympiad.instructions);
  });

  it('keeps only the texts of the languages offered', () => {
    const form = { ...settingsFormOf(olympiad), languages: ['en' as const] };
    expect(updateSettingsOf(settingsSchema.parse(form)).instructions).toEqual({ en: '<p>Answer every question.</p>' });
  });

  it('names what is wrong', () => {
    const messages = (change: object) =>
      settingsSchema.safeParse({ ...settingsFormOf(olympiad), ...change }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages({ grades: [] })).toEqual([['grades', 'Allow at least one grade']]);
    expect(messages({ languages: [] })).toEqual([['languages', 'Offer at least one language']]);
    expect(messages({ durationMinutes: 0 })).toEqual([['durationMinutes', 'From 1 to 600 minutes']]);
    expect(messages({ sittingWindows: [{ startsAt: '2026-03-02T10:00', endsAt: '2026-03-02T09:00' }] })).toEqual([
      ['sittingWindows.0.endsAt', 'Must end after it starts'],
    ]);
  });

  it('converts between the local input and UTC', () => {
    const local = toLocalInput(new Date(2026, 2, 1, 8, 5));
    expect(local).toBe('2026-03-01T08:05');
    expect(localInputToServer(local)).toBe(new Date(2026, 2, 1, 8, 5).toISOString().slice(0, 19));
    expect(toLocalInput(null)).toBe('');
  });
});
