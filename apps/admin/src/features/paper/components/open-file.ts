// Shows a file of /api in a new tab: the tab is opened at once (so no pop-up blocker stops it) and given
// the file once it has been fetched with the session's token.
import { fetchFileUrl } from '@olympiad/shared/api/file-url';
import { alertError } from '@olympiad/shared/feedback/notifications';

export async function openFile(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  const url = await fetchFileUrl(path);
  if (!url) {
    tab?.close();
    alertError('The file could not be opened.');
    return;
  }
  if (tab) tab.location.href = url;
  else window.location.assign(url);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
