// The paper's modules: GET /api/question-module?olympiadId (in order, with their question counts), and
// their changes, each asked first when the olympiad is open (see paper-change).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { usePaperMutation } from './paper-change';
import { paperKeys, type ModuleInput, type ModuleView } from './paper-types';

export async function getModules(olympiadId: number) {
  return unwrap(await call(api.GET('/api/question-module', { params: { query: { olympiadId } } })));
}

export function modulesQuery(olympiadId: number) {
  return queryOptions({ queryKey: paperKeys.modules(olympiadId), queryFn: () => getModules(olympiadId) });
}

export function useModules(olympiadId: number | null) {
  return useQuery({ ...modulesQuery(olympiadId ?? 0), enabled: olympiadId !== null });
}

/** POST /api/question-module, a new module at the end of the paper (`module` null), or PUT
 * /api/question-module/{id}: its title, instructions and time limit. */
export function useSaveModule(olympiadId: number | null) {
  return usePaperMutation(olympiadId, ({ module, input }: { module: ModuleView | null; input: ModuleInput }, confirm: boolean) =>
    module === null
      ? call(api.POST('/api/question-module', { params: { query: { confirm } }, body: input }))
      : call(api.PUT('/api/question-module/{id}', { params: { path: { id: module.id }, query: { confirm } }, body: input })),
  );
}

/** DELETE /api/question-module/{id}: the module and its questions. */
export function useDeleteModule(olympiadId: number | null) {
  return usePaperMutation(olympiadId, (id: number, confirm: boolean) =>
    call(api.DELETE('/api/question-module/{id}', { params: { path: { id }, query: { confirm } } })),
  );
}

/** POST /api/question-module/reorder: every module of the olympiad, in the new order. */
export function useReorderModules(olympiadId: number | null) {
  return usePaperMutation(olympiadId, ({ olympiadId, ids }: { olympiadId: number; ids: number[] }, confirm: boolean) =>
    call(api.POST('/api/question-module/reorder', { params: { query: { confirm } }, body: { olympiadId, ids } })),
  );
}
