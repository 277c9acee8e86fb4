// Handling an expression: POST …/{id}/process (a teacher's becomes their school's entry), POST
// …/{id}/decline (with the reason they are told), DELETE /api/interest/{id}.
import { api, call } from '@olympiad/shared/api/client';
import type { components } from '@olympiad/shared/api/schema';

export function processExpression(id: number, body: components['schemas']['ProcessInterest']) {
  return call(api.POST('/api/interest/expression-of-interest/{id}/process', { params: { path: { id } }, body }));
}

export function declineExpression(id: number, reason: string) {
  return call(api.POST('/api/interest/expression-of-interest/{id}/decline', { params: { path: { id } }, body: { reason } }));
}

export function deleteExpression(id: number) {
  return call(api.DELETE('/api/interest/{id}', { params: { path: { id } } }));
}
