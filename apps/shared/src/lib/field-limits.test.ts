// The forms take their limits from the server's OpenAPI document: a school's name as long as the
// document allows passes the form, one character more does not, and the pause reason likewise.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptySchool, schoolSchema } from '../features/schools/school-schema';
import { pauseSchema } from '../features/sitting-monitor/api/pause-school';

type Property = { maxLength?: number; minLength?: number };
const document = JSON.parse(readFileSync(resolve(process.cwd(), 'apps/shared/openapi.json'), 'utf8')) as {
  components: { schemas: Record<string, { properties: Record<string, Property> }> };
};
const stated = (schema: string, field: string): Property => document.components.schemas[schema]?.properties[field] ?? {};

describe('form limits', () => {
  it('refuse a school name longer than the document allows, and no shorter one', () => {
    const max = stated('SchoolInput', 'name').maxLength ?? 0;
    expect(max).toBeGreaterThan(0);
    const school = (name: string) => schoolSchema.safeParse({ ...emptySchool, name, province: 'Gauteng' }).success;
    expect(school('a'.repeat(max))).toBe(true);
    expect(school('a'.repeat(max + 1))).toBe(false);
  });

  it('refuse a pause reason longer than the document allows', () => {
    const max = stated('PauseInput', 'reason').maxLength ?? 0;
    expect(max).toBeGreaterThan(0);
    expect(pauseSchema.safeParse({ reason: 'r'.repeat(max) }).success).toBe(true);
    expect(pauseSchema.safeParse({ reason: 'r'.repeat(max + 1) }).success).toBe(false);
  });
});
