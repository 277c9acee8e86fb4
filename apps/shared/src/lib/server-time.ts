/** The server sends moments as RFC 3339 in UTC (`2026-03-01T08:00:00.123Z`); older answers had no zone, and are read as UTC too. */
export function parseServerTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  const date = new Date(/(Z|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDateTime(date: Date | null, empty = '—'): string {
  return date ? date.toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' }) : empty;
}
