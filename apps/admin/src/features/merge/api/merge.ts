// Merges: GET /api/school/merge-preview and POST /api/school/merge; the same for igeo countries. Both plans
// are read into one view of what will move.
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';

export type MergeMode = 'schools' | 'countries';
export type EntryMove = components['schemas']['EntryMove'];
type Side = { name: string; lines: string[] };
export type MergeView = { duplicate: Side; survivor: Side; entries: EntryMove[]; moves: string[] };

const school = (s: { name: string; emisNumber?: string | null; town: string; province: string }): Side => ({
  name: s.name,
  lines: [s.emisNumber ? `EMIS ${s.emisNumber}` : '', s.town, s.province].filter(Boolean),
});
const country = (c: { name: string; isoCode: string }): Side => ({ name: c.name, lines: [c.isoCode] });

export async function mergePreview(mode: MergeMode, duplicateId: number, survivorId: number): Promise<MergeView> {
  const query = { duplicateId, survivorId };
  if (mode === 'schools') {
    const plan = unwrap(await call(api.GET('/api/school/merge-preview', { params: { query } })));
    return {
      duplicate: school(plan.duplicate),
      survivor: school(plan.survivor),
      entries: plan.entries,
      moves: [
        `${plan.teachers} teacher(s) move across.`,
        `${plan.learners} learner(s) move across.`,
        `${plan.expressionsOfInterest} expression(s) of interest point to the entries that stay.`,
        ...(plan.filledFields.length > 0 ? [`Empty fields filled from the duplicate: ${plan.filledFields.join(', ')}.`] : []),
      ],
    };
  }
  const plan = unwrap(await call(api.GET('/api/igeo-country/merge-preview', { params: { query } })));
  return {
    duplicate: country(plan.duplicate),
    survivor: country(plan.survivor),
    entries: plan.entries,
    moves: [`${plan.schools} school(s) take the country code of the one that stays.`],
  };
}

export function merge(mode: MergeMode, duplicateId: number, survivorId: number) {
  const query = { duplicateId, survivorId };
  return mode === 'schools'
    ? call(api.POST('/api/school/merge', { params: { query } }))
    : call(api.POST('/api/igeo-country/merge', { params: { query } }));
}
