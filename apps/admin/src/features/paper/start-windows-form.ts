// One staggered start window in the editor: its times in the admin's own time zone, its schools; and
// the server's messages about the whole list (`startWindows[2].schoolIds`) put on the window edited.
import { z } from 'zod';
import type { ApiResult } from '@olympiad/shared/api/envelope';
import { parseServerTime } from '@olympiad/shared/lib/server-time';
import { localInputToServer, toLocalInput } from './settings-form';
import type { StartWindowInput, StartWindows } from './api/start-windows';

export const startWindowSchema = z
  .object({
    startsAt: z.string().min(1, 'When does it open?'),
    endsAt: z.string().min(1, 'When does it close?'),
    schoolIds: z.array(z.string()).min(1, 'Choose at least one school'),
  })
  .refine((w) => w.startsAt === '' || w.endsAt === '' || new Date(w.endsAt) > new Date(w.startsAt), {
    path: ['endsAt'],
    message: 'Must close after it opens',
  });

export type StartWindowForm = z.input<typeof startWindowSchema>;
export type StartWindowRow = StartWindows['startWindows'][number] & { index: number };

export const emptyStartWindow: StartWindowForm = { startsAt: '', endsAt: '', schoolIds: [] };

export function startWindowFormOf(row: StartWindowRow): StartWindowForm {
  return {
    startsAt: toLocalInput(parseServerTime(row.startsAt)),
    endsAt: toLocalInput(parseServerTime(row.endsAt)),
    schoolIds: row.schoolIds.map(String),
  };
}

/** The whole list to send: the saved windows with this one put in at `index` (null: added at the end, or removed). */
export function windowsWith(saved: StartWindows['startWindows'], index: number | null, form: z.output<typeof startWindowSchema> | null): StartWindowInput[] {
  const list: StartWindowInput[] = saved.map((w) => ({ startsAt: w.startsAt, endsAt: w.endsAt, schoolIds: w.schoolIds }));
  const window = form && { startsAt: localInputToServer(form.startsAt), endsAt: localInputToServer(form.endsAt), schoolIds: form.schoolIds.map(Number) };
  if (index === null) return window ? [...list, window] : list;
  if (!window) return list.filter((_, at) => at !== index);
  return list.map((w, at) => (at === index ? window : w));
}

/** The server's messages for the window at `index` named by the form's own fields. */
export function onWindow<T>(result: ApiResult<T>, index: number): ApiResult<T> {
  if (result.ok) return result;
  const prefix = `startWindows[${index}].`;
  const fields = Object.fromEntries(
    Object.entries(result.fields).map(([name, message]) => [name.startsWith(prefix) ? name.slice(prefix.length) : name, message]),
  );
  return { ...result, fields };
}
