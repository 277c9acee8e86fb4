// A module's questions: GET /api/question?questionModuleId (in order, with their answers; admin only), and
// their changes, each asked first when the olympiad is open (see paper-change).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { usePaperMutation } from './paper-change';
import { paperKeys, type QuestionInput, type QuestionView } from './paper-types';

export async function getQuestions(questionModuleId: number) {
  return unwrap(await call(api.GET('/api/question', { params: { query: { questionModuleId } } })));
}

export function questionsQuery(olympiadId: number, moduleId: number) {
  return queryOptions({ queryKey: paperKeys.questions(olympiadId, moduleId), queryFn: () => getQuestions(moduleId) });
}

export function useQuestions(olympiadId: number | null, moduleId: number | null) {
  return useQuery({ ...questionsQuery(olympiadId ?? 0, moduleId ?? 0), enabled: olympiadId !== null && moduleId !== null });
}

/** PUT /api/question/{id}: the question as the editor holds it (the server sanitises its rich text), or
 * POST /api/question for a new one (`question` null) at the end of its module (`moduleId` in the input).
 * Without a correct answer it is kept as a draft, which Verify reports. */
export function useSaveQuestion(olympiadId: number) {
  return usePaperMutation(
    olympiadId,
    ({ question, input }: { question: QuestionView | null; input: QuestionInput }, confirm: boolean) =>
      question
        ? call(api.PUT('/api/question/{id}', { params: { path: { id: question.id }, query: { confirm } }, body: input }))
        : call(api.POST('/api/question', { params: { query: { confirm } }, body: input })),
    (saved) => `Question ${saved.position} saved.`,
  );
}

/** POST /api/question/{id}/duplicate: a copy at the end of its module. */
export function useDuplicateQuestion(olympiadId: number | null) {
  return usePaperMutation(
    olympiadId,
    (question: QuestionView, confirm: boolean) => call(api.POST('/api/question/{id}/duplicate', { params: { path: { id: question.id }, query: { confirm } } })),
    (copy, question) => `Question ${question.position} copied as question ${copy.position}.`,
  );
}

/** DELETE /api/question/{id}. */
export function useDeleteQuestion(olympiadId: number | null) {
  return usePaperMutation(olympiadId, (id: number, confirm: boolean) => call(api.DELETE('/api/question/{id}', { params: { path: { id }, query: { confirm } } })));
}

/** POST /api/question/reorder: every question of the module, in the new order. */
export function useReorderQuestions(olympiadId: number | null) {
  return usePaperMutation(olympiadId, ({ moduleId, ids }: { moduleId: number; ids: number[] }, confirm: boolean) =>
    call(api.POST('/api/question/reorder', { params: { query: { confirm } }, body: { moduleId, ids } })),
  );
}
