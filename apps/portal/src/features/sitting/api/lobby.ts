// The lobby's calls: GET /api/sitting/lobby (the server's clock and the learner's window), GET
// /api/sitting/lobby/paper (the paper, sealed; the browser's cache keeps it by its ETag), and POST
// /api/sitting/lobby/start (the start, with the key of the sealed paper and the learner's order).
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { attemptHeaders } from '../attempt-key';


export async function getLobby() {
  return unwrap(await call(api.GET('/api/sitting/lobby', { headers: attemptHeaders() })));
}

export async function getSealedPaper() {
  return unwrap(await call(api.GET('/api/sitting/lobby/paper', { headers: attemptHeaders() })));
}

export async function startFromLobby() {
  return unwrap(await call(api.POST('/api/sitting/lobby/start', { headers: attemptHeaders() })));
}

export type LobbyView = Awaited<ReturnType<typeof getLobby>>;
export type LobbyStart = Awaited<ReturnType<typeof startFromLobby>>;
export type SealedPaper = Awaited<ReturnType<typeof getSealedPaper>>;
