// GET /api/user/impersonate (overlord): answers like a successful sign-in, as the chosen user.
import { api, call } from '../../../api/client';

export function impersonate(olympiadId: number, userEmail: string) {
  return call(api.GET('/api/user/impersonate', { params: { query: { olympiadId, userEmail } } }));
}
