// GET /api/teacher: this olympiad's teachers (all=false), every teacher (all=true) or the team admins.
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { operations } from '@olympiad/shared/api/schema';
import type { ListQuery } from '@olympiad/shared/ui/data-grid/server-query';
import { serverGrid } from '@olympiad/shared/ui/data-grid/server-list';

type TeacherQuery = NonNullable<operations['teacher_list']['parameters']['query']>;

async function getTeachers(query: TeacherQuery) {
  return unwrap(await call(api.GET('/api/teacher', { params: { query } })));
}

export type TeacherRow = Awaited<ReturnType<typeof getTeachers>>['rows'][number];
export type TeacherScope = { olympiadId?: number; all: boolean; teamAdmins: boolean };

export const teacherKeys = {
  all: ['teachers'] as const,
  list: (scope: TeacherScope) => [...teacherKeys.all, 'list', scope] as const,
};

export function teachersGrid(scope: TeacherScope) {
  return serverGrid<TeacherRow>({
    path: '/api/teacher',
    queryKey: teacherKeys.list(scope),
    fetchPage: (query: ListQuery) => getTeachers(query as TeacherQuery),
    baseQuery: { ...(scope.olympiadId === undefined ? {} : { olympiadId: scope.olympiadId }), all: String(scope.all), teamAdmins: String(scope.teamAdmins) },
    exportName: scope.teamAdmins ? 'team-admins' : 'teachers',
  });
}
