// The olympiad's one certificate configuration (GET and POST /api/certificate/config/{id}), typed by the
// API's schema; saving says "Certificate configuration saved" or "… failed to save".
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { getCertificateConfig, saveCertificateConfig } from '@olympiad/shared/features/certificates/api/certificate-config';
import { certificateKeys } from './certificate-runs';

export type CertificateDesign = components['schemas']['CertificateDesign'];
export type Placement = components['schemas']['Placement'];

const configKey = (olympiadId: number) => [...certificateKeys.all, 'config', olympiadId] as const;

export function useCertificateConfig(olympiadId: number) {
  return useQuery({ queryKey: configKey(olympiadId), queryFn: async () => unwrap(await getCertificateConfig<CertificateDesign>(olympiadId)) });
}

export function useSaveCertificateConfig(olympiadId: number) {
  const queryClient = useQueryClient();
  return async (design: CertificateDesign) => {
    const result = await saveCertificateConfig(olympiadId, design);
    if (result.ok) await queryClient.invalidateQueries({ queryKey: certificateKeys.all });
    return result;
  };
}
