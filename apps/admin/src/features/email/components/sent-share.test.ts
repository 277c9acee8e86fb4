import { describe, expect, it } from 'vitest';
import { sentShare } from './mass-mails-screen';
import type { MassMail } from '../api/email-api';

const mail = (recipients: number, sent: number, failed: number, bounced: number) =>
  ({ recipients, progress: { held: 0, queued: 0, sent, failed, bounced, skipped: 0 } }) as unknown as MassMail;

describe('a mass mail’s progress', () => {
  it('counts sent, failed and bounced e-mails as handled, out of those queued', () => {
    expect(sentShare(mail(200, 100, 10, 10))).toBe(60);
    expect(sentShare(mail(3, 3, 0, 0))).toBe(100);
  });

  it('is nothing for a mass mail that queued nobody', () => {
    expect(sentShare(mail(0, 0, 0, 0))).toBe(0);
  });
});
