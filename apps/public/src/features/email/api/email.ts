// The public e-mail calls: an unsubscribe link (GET /api/unsubscribe/{id}), unsubscribing and
// resubscribing by its reference, and an address's health: a link to it is mailed to the address
// (POST /api/emailer/email-health/link), and its token opens GET /api/emailer/email-health.
import { api, call } from '@olympiad/shared/api/client';

export function getUnsubscribeLink(reference: string) {
  return call(api.GET('/api/unsubscribe/{id}', { params: { path: { id: reference } } }));
}

export function unsubscribe(reference: string, everywhere: boolean) {
  return call(api.POST('/api/unsubscribe', { body: { reference, everywhere } }));
}

export function resubscribe(reference: string) {
  return call(api.POST('/api/unsubscribe/resubscribe', { params: { query: { reference } } }));
}

export function mailCheckLink(email: string) {
  return call(api.POST('/api/emailer/email-health/link', { params: { query: { email } } }));
}

export function checkAddress(email: string, token: string) {
  return call(api.GET('/api/emailer/email-health', { params: { query: { email, token } } }));
}
