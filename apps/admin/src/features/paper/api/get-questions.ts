// GET /api/question?questionModuleId: a module's questions in order, with their answers (admin only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { paperKeys } from './paper-types';

export async function getQuestions(questionModuleId: number) {
  return unwrap(await call(api.GET('/api/question', { params: { query: { questionModuleId } } })));
}

export function questionsQuery(olympiadId: number, moduleId: number) {
  return queryOptions({ queryKey: paperKeys.questions(olympiadId, moduleId), queryFn: () => getQuestions(moduleId) });
}

export function useQuestions(olympiadId: number | null, moduleId: number | null) {
  return useQuery({ ...questionsQuery(olympiadId ?? 0, moduleId ?? 0), enabled: olympiadId !== null && moduleId !== null });
}
