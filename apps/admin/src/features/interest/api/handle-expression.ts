// Handling an expression: POST …/{id}/process (a teacher's becomes their school's entry), POST
// …/{id}/decline (with the reason they are told), DELETE /api/interest/{id}.
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import type { components } from '@olympiad/shared/api/schema';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { interestKeys, type Expression } from './get-expressions';

export function processExpression(id: number, body: components['schemas']['ProcessInterest']) {
  return call(api.POST('/api/interest/expression-of-interest/{id}/process', { params: { path: { id } }, body }));
}

export function declineExpression(id: number, reason: string) {
  return call(api.POST('/api/interest/expression-of-interest/{id}/decline', { params: { path: { id } }, body: { reason } }));
}

export function deleteExpression(id: number) {
  return call(api.DELETE('/api/interest/{id}', { params: { path: { id } } }));
}

const handled = () => [interestKeys.all];

/** How the expression is processed: into a school that exists, into a new one, or (not a teacher's) as it is. */
export type Processing =
  | { expression: Expression; school: { id: number; name: string } }
  | { expression: Expression; newSchool: components['schemas']['SchoolInput'] }
  | { expression: Expression };

function processed(processing: Processing): string {
  const { expression } = processing;
  if ('school' in processing) return `${processing.school.name} is entered; ${expression.firstName} is its team admin.`;
  if ('newSchool' in processing) return `${expression.schoolName} is added and entered.`;
  return 'The expression is marked processed.';
}

export function useProcessExpression() {
  return useApiMutation({
    mutationFn: (processing: Processing) =>
      processExpression(
        processing.expression.id,
        'school' in processing ? { schoolId: processing.school.id } : 'newSchool' in processing ? { school: processing.newSchool } : {},
      ),
    success: (_, processing) => processed(processing),
    invalidates: handled,
  });
}

/** Declining says why; the server asks for nothing more than its length. */
export const declineSchema = z.object({ reason: z.string() });

export function useDeclineExpression() {
  return useApiMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => declineExpression(id, reason),
    success: 'The expression is declined; the person is told why.',
    invalidates: handled,
  });
}

export function useDeleteExpression() {
  return useApiMutation({ mutationFn: deleteExpression, success: 'The expression is deleted.', invalidates: handled });
}
