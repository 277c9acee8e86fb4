// PUT /api/olympiad/{id}: the settings of the Settings and Actions screen (written to the activity log).
import { api, call } from '@olympiad/shared/api/client';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { paperKeys, type UpdateSettings } from './paper-types';

export function updateOlympiad(olympiadId: number, settings: UpdateSettings) {
  return call(api.PUT('/api/olympiad/{id}', { params: { path: { id: olympiadId } }, body: settings }));
}

/** The answer is the olympiad as saved; Verify looks again, since the languages and grades may differ. */
export function useUpdateOlympiad() {
  return useApiMutation({
    mutationFn: ({ olympiadId, settings }: { olympiadId: number; settings: UpdateSettings }) => updateOlympiad(olympiadId, settings),
    update: (queryClient, olympiad, { olympiadId }) => queryClient.setQueryData(paperKeys.settings(olympiadId), olympiad),
    success: 'Settings saved.',
    invalidates: ({ olympiadId }) => [paperKeys.verification(olympiadId)],
  });
}
