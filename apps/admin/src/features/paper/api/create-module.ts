// POST /api/question-module: a new module at the end of the olympiad's paper.
import { api, call } from '@olympiad/shared/api/client';
import type { ModuleInput } from './paper-types';

export function createModule(input: ModuleInput, confirm: boolean) {
  return call(api.POST('/api/question-module', { params: { query: { confirm } }, body: input }));
}
