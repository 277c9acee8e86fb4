// The olympiad's settings form: its zod schema, the values of the saved settings, and what is sent back.
// Sitting windows are edited in the admin's own time zone and kept by the server in UTC.
import { z } from 'zod';
import { parseServerTime } from '@olympiad/shared/lib/server-time';
import { localizedSchema } from './localized-schema';
import type { OlympiadSettings } from './api/get-olympiad';
import type { Language, UpdateSettings } from './api/paper-types';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';

const settings = limits.UpdateSettings;

export const GRADES = Array.from({ length: 12 }, (_, index) => String(index + 1));

/** `YYYY-MM-DDTHH:MM` of a moment in the browser's time zone, as `<input type="datetime-local">` holds it. */
export function toLocalInput(date: Date | null): string {
  if (!date) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The server's UTC `YYYY-MM-DDTHH:MM:SS` of a local `datetime-local` value. */
export function localInputToServer(value: string): string {
  return new Date(value).toISOString().slice(0, 19);
}

const window = z
  .object({
    startsAt: z.string().min(1, 'When does it start?'),
    endsAt: z.string().min(1, 'When does it end?'),
  })
  .refine((w) => w.startsAt === '' || w.endsAt === '' || new Date(w.endsAt) > new Date(w.startsAt), {
    path: ['endsAt'],
    message: 'Must end after it starts',
  });

export const settingsSchema = z.object({
  title: text(settings.title, `At most ${settings.title.maxLength} characters`).min(1, 'Give the olympiad a title'),
  year: z.number({ error: 'Enter the year' }).int().min(settings.year.minimum, `From ${settings.year.minimum} to ${settings.year.maximum}`).max(settings.year.maximum, `From ${settings.year.minimum} to ${settings.year.maximum}`),
  kind: z.enum(['schools', 'countries']),
  durationMinutes: z.number({ error: 'Enter the duration' }).int('Whole minutes only').min(settings.durationMinutes.minimum, `From ${settings.durationMinutes.minimum} to ${settings.durationMinutes.maximum} minutes`).max(settings.durationMinutes.maximum, `From ${settings.durationMinutes.minimum} to ${settings.durationMinutes.maximum} minutes`),
  grades: z.array(z.string()).min(1, 'Allow at least one grade'),
  languages: z.array(z.enum(['en', 'af'])).min(1, 'Offer at least one language'),
  instructions: localizedSchema,
  declaration: localizedSchema,
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  sittingWindows: z.array(window),
});

export type SettingsFormValues = z.input<typeof settingsSchema>;

export function settingsFormOf(olympiad: OlympiadSettings): SettingsFormValues {
  return {
    title: olympiad.title,
    year: olympiad.year,
    kind: olympiad.kind === 'countries' ? 'countries' : 'schools',
    durationMinutes: olympiad.durationMinutes,
    grades: olympiad.grades.map(String),
    languages: olympiad.languages,
    instructions: { ...olympiad.instructions },
    declaration: { ...olympiad.declaration },
    shuffleQuestions: olympiad.shuffleQuestions,
    shuffleOptions: olympiad.shuffleOptions,
    sittingWindows: olympiad.sittingWindows.map((w) => ({
      startsAt: toLocalInput(parseServerTime(w.startsAt)),
      endsAt: toLocalInput(parseServerTime(w.endsAt)),
    })),
  };
}

/** Only the offered languages' texts are kept. */
function offeredTexts(texts: Record<string, string>, languages: Language[]): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).filter(([language, text]) => languages.includes(language as Language) && text.trim() !== ''));
}

export function updateSettingsOf(form: z.output<typeof settingsSchema>): UpdateSettings {
  return {
    title: form.title,
    year: form.year,
    kind: form.kind,
    durationMinutes: form.durationMinutes,
    grades: form.grades.map(Number).sort((a, b) => a - b),
    languages: form.languages,
    instructions: offeredTexts(form.instructions, form.languages),
    declaration: offeredTexts(form.declaration, form.languages),
    shuffleQuestions: form.shuffleQuestions,
    shuffleOptions: form.shuffleOptions,
    sittingWindows: form.sittingWindows.map((w) => ({ startsAt: localInputToServer(w.startsAt), endsAt: localInputToServer(w.endsAt) })),
  };
}
