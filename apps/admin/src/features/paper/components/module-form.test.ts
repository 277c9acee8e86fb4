import { describe, expect, it } from 'vitest';
import { moduleFormSchema, moduleInputOf } from './module-form';

describe('module form', () => {
  it('needs a title in some language, and sends only what was written', () => {
    const parsed = moduleFormSchema.parse({ title: { en: 'Rivers', af: undefined }, instructions: { en: '' } });
    expect(moduleInputOf(parsed, 4)).toEqual({ title: { en: 'Rivers' }, instructions: {}, timeLimitMinutes: null, olympiadId: 4 });
    const untitled = moduleFormSchema.safeParse({ title: { en: ' ' }, instructions: {} });
    expect(untitled.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['title.en', 'Give the module a title']]);
    expect(moduleFormSchema.safeParse({ title: { af: 'Riviere' }, instructions: {}, timeLimitMinutes: 0 }).success).toBe(false);
  });
});
