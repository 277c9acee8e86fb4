// The lobby's calls: GET /api/sitting/lobby (the server's clock and the learner's window), GET
// /api/sitting/lobby/paper (the paper, sealed; the browser's cache keeps it by its ETag), and POST
// /api/sitting/lobby/start (the start, with the key of the sealed paper and the learner's order).
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { attemptHeaders } from '../attempt-key';

export type LobbyView = components['schemas']['LobbyView'];
export type LobbyStart = components['schemas']['LobbyStart'];

export async function getLobby(): Promise<LobbyView> {
  return unwrap(await call(api.GET('/api/sitting/lobby', { headers: attemptHeaders() })));
}

export async function getSealedPaper() {
  return unwrap(await call(api.GET('/api/sitting/lobby/paper', { headers: attemptHeaders() })));
}

export async function startFromLobby(): Promise<LobbyStart> {
  return unwrap(await call(api.POST('/api/sitting/lobby/start', { headers: attemptHeaders() })));
}
