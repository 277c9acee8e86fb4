import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/envelope';
import { onSessionEvent } from '../session/session-events';

/** Server state: no retry of an answered failure (4xx/5xx said what it meant); one retry of a lost one. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => !(error instanceof ApiError && error.failure.status !== 0) && failures < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
  // Whatever was fetched for the previous user is not for the next one.
  onSessionEvent((event) => {
    if (event.type === 'loggedOut') client.clear();
  });
  return client;
}
