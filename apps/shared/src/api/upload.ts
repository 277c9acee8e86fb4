// Form uploads are posted as multipart, either to the API or to a provider-specific prefixed path. A
// 403 is passed on as an error with the server's message; the alternative path's fallback message is
// "An error occurred 4".
import { apiRequest } from './raw-request';
import { AN_ERROR_OCCURRED, AN_ERROR_OCCURRED_UPLOAD } from './messages';
import type { ApiResult } from './envelope';

export type UploadTarget = { path: string } | { provider: string; path: string };

export function uploadUrl(target: UploadTarget): string {
  return 'provider' in target ? `/${target.provider}${target.path.startsWith('/') ? '' : '/'}${target.path}` : target.path;
}

export function uploadFiles<T = unknown>(target: UploadTarget, files: FormData): Promise<ApiResult<T>> {
  return apiRequest<T>('POST', uploadUrl(target), {
    multipart: files,
    fallback: 'provider' in target ? AN_ERROR_OCCURRED_UPLOAD : AN_ERROR_OCCURRED,
  });
}
