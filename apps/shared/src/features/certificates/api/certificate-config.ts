// One certificate configuration per olympiad (GET and POST /api/certificate/config/{id}); saving it says
// so in the words people see.
import { apiRequest } from '../../../api/raw-request';
import type { ApiResult } from '../../../api/envelope';
import { CERTIFICATE_CONFIG_NOT_SAVED, CERTIFICATE_CONFIG_SAVED } from '../../../api/messages';
import { alertError, notify } from '../../../feedback/notifications';

export function getCertificateConfig<Config = unknown>(olympiadId: number): Promise<ApiResult<Config>> {
  return apiRequest<Config>('GET', `/api/certificate/config/${olympiadId}`);
}

export async function saveCertificateConfig<Config>(olympiadId: number, config: Config): Promise<ApiResult<unknown>> {
  const result = await apiRequest('POST', `/api/certificate/config/${olympiadId}`, { json: config });
  if (result.ok) notify(CERTIFICATE_CONFIG_SAVED, { tone: 'success' });
  else alertError(CERTIFICATE_CONFIG_NOT_SAVED);
  return result;
}
