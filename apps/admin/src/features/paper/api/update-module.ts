// PUT /api/question-module/{id}: a module's title, instructions and time limit.
import { api, call } from '@olympiad/shared/api/client';
import type { ModuleInput } from './paper-types';

export function updateModule(id: number, input: ModuleInput, confirm: boolean) {
  return call(api.PUT('/api/question-module/{id}', { params: { path: { id }, query: { confirm } }, body: input }));
}
