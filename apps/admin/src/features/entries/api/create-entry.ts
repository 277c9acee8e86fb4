// POST /api/school-participant: enters a school in an olympiad (answers the entry that exists when it is).
import { api, call } from '@olympiad/shared/api/client';
import type { ApiResult } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { schoolKeys } from '../../schools/api/get-schools';
import { entryKeys } from './get-entries';

type School = { id: number; name: string };

export function createEntry(body: components['schemas']['NewEntry']) {
  return call(api.POST('/api/school-participant', { body }));
}

/** The schools one after the other; the first refusal stops there, naming its school. */
async function enterEach(olympiadId: number, schools: School[]): Promise<ApiResult<number>> {
  for (const school of schools) {
    const result = await createEntry({ olympiadId, schoolId: school.id });
    if (!result.ok) return { ...result, message: `${school.name}: ${result.message}` };
  }
  return { ok: true, status: 200, data: schools.length, body: null };
}

/** An entry changes both lists: the entries, and the schools' "this olympiad" column. */
const entered = () => [entryKeys.all, schoolKeys.all];

export function useEnterSchool() {
  return useApiMutation({
    mutationFn: ({ olympiadId, school }: { olympiadId: number; school: School }) => createEntry({ olympiadId, schoolId: school.id }),
    success: (_, { school }) => `${school.name} is entered.`,
    invalidates: entered,
  });
}

export function useEnterSchools() {
  return useApiMutation({
    mutationFn: ({ olympiadId, schools }: { olympiadId: number; schools: School[] }) => enterEach(olympiadId, schools),
    success: (count) => `${count} school${count === 1 ? '' : 's'} entered.`,
    invalidates: entered,
  });
}
