// GET /api/school/single: the signed-in teacher's school and its entry in the olympiad of the address.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';

async function getMySchool(olympiadVarName: string) {
  return unwrap(await call(api.GET('/api/school/single', { params: { query: { olympiadVarName } } })));
}

export type MySchool = Awaited<ReturnType<typeof getMySchool>>;

export const mySchoolKeys = {
  all: ['my-school'] as const,
  of: (olympiadName: string) => [...mySchoolKeys.all, olympiadName] as const,
};

export function mySchoolQuery(olympiadName: string) {
  return queryOptions({ queryKey: mySchoolKeys.of(olympiadName), queryFn: () => getMySchool(olympiadName) });
}

export function useMySchool(olympiadName: string) {
  return useQuery(mySchoolQuery(olympiadName));
}
