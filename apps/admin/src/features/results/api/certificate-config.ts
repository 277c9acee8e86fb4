// The olympiad's one certificate configuration (GET and POST /api/certificate/config/{id}), typed by the
// API's schema; saving says "Certificate configuration saved" or "… failed to save". Its pictures are
// uploaded on their own (POST /api/certificate/image/{id}), and the PDF preview is made from the design
// as edited, before it is saved (POST /api/certificate/preview/{id}).
import { useQuery } from '@tanstack/react-query';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { readEnvelope, unwrap } from '@olympiad/shared/api/envelope';
import { API_BASE, endSessionOn401 } from '@olympiad/shared/api/client';
import { withQuery } from '@olympiad/shared/api/raw-request';
import { applyRequestHeaders } from '@olympiad/shared/api/request-headers';
import { uploadFiles } from '@olympiad/shared/api/upload';
import type { components, operations } from '@olympiad/shared/api/schema';
import { getCertificateConfig, saveCertificateConfig } from '@olympiad/shared/features/certificates/api/certificate-config';
import { certificateKeys } from './certificate-runs';

export type CertificateDesign = components['schemas']['CertificateDesign'];
export type Placement = components['schemas']['Placement'];

const configKey = (olympiadId: number) => [...certificateKeys.all, 'config', olympiadId] as const;

export function useCertificateConfig(olympiadId: number) {
  return useQuery({ queryKey: configKey(olympiadId), queryFn: async () => unwrap(await getCertificateConfig<CertificateDesign>(olympiadId)) });
}

/** Saving says so itself, in the words people see; the certificates' queries load again. */
export function useSaveCertificateConfig(olympiadId: number) {
  return useApiMutation({ mutationFn: (design: CertificateDesign) => saveCertificateConfig(olympiadId, design), invalidates: () => [certificateKeys.all] });
}

export type AwardTemplate = components['schemas']['AwardTemplate'];
export type SignatureImage = components['schemas']['SignatureImage'];
export type CertificateImage = operations['certificate_image_upload']['responses'][200]['content']['application/json']['data'];

/** Keeps a background or signature picture (PNG or JPEG, at most 2 MB) as an attachment of the olympiad. */
export function uploadCertificateImage(olympiadId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return uploadFiles<CertificateImage>({ path: `/api/certificate/image/${olympiadId}` }, form);
}

export type PreviewAnswer = { ok: true; url: string } | { ok: false; message: string; fields: Record<string, string> };

/**
 * The certificate the design gives, saved or not, as the PDF the run makes (POST
 * /api/certificate/preview/{id}), as an object URL the caller revokes when it shows another.
 */
export async function fetchCertificatePreview(
  olympiadId: number,
  design: CertificateDesign,
  query: { award: string; participantId?: number },
  signal: AbortSignal,
): Promise<PreviewAnswer> {
  const headers = new Headers();
  applyRequestHeaders(headers, 'json');
  const response = await globalThis.fetch(`${API_BASE}${withQuery(`/api/certificate/preview/${olympiadId}`, query)}`, {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    body: JSON.stringify(design),
    signal,
  });
  endSessionOn401(response);
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: shown as it is
    }
    const failure = readEnvelope<never>(response.status, body);
    return failure.ok ? { ok: false, message: 'The preview could not be made.', fields: {} } : { ok: false, message: failure.message, fields: failure.fields };
  }
  return { ok: true, url: URL.createObjectURL(await response.blob()) };
}
