/** The server sends times as UTC without a zone (`2026-03-01T08:00:00.123`); read them as UTC. */
export function parseServerTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  const date = new Date(/(Z|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDateTime(date: Date | null, empty = '—'): string {
  return date ? date.toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' }) : empty;
}
