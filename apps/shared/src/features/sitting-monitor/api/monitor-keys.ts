// Query keys of the live monitor, from general to specific; every change a person makes here
// (pause, resume, extra time, reset) invalidates the olympiad's.
export const monitorKeys = {
  all: ['sitting-monitor'] as const,
  olympiad: (olympiadId: number) => [...monitorKeys.all, olympiadId] as const,
  schools: (olympiadId: number, schoolParticipantId?: number) =>
    [...monitorKeys.olympiad(olympiadId), 'schools', schoolParticipantId ?? 'all'] as const,
  learners: (olympiadId: number, schoolParticipantId: number) =>
    [...monitorKeys.olympiad(olympiadId), 'learners', schoolParticipantId] as const,
  submitted: (participantId: number) => [...monitorKeys.all, 'submitted', participantId] as const,
};

/** The monitor refreshes itself this often: the learners ping every 30 s, "stuck" means 2 minutes. */
export const MONITOR_REFRESH_MS = 15_000;
