// The platform's switches (overlord): PUT /api/system-config; the reading is shared.
import { api, call } from '@olympiad/shared/api/client';
import { systemConfigKeys } from '@olympiad/shared/features/content/api/get-system-config';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

export function useSaveSystemConfig() {
  return useApiMutation({
    mutationFn: (body: { maintenanceMode: boolean; maintenanceMessage: string }) => call(api.PUT('/api/system-config', { body })),
    success: 'The system config is saved.',
    invalidates: () => [systemConfigKeys.all],
  });
}
