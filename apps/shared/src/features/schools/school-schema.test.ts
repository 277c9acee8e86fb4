import { describe, expect, it } from 'vitest';
import { emptySchool, schoolInput, schoolSchema, schoolValues } from './school-schema';

describe('the school form', () => {
  it('needs a province for a South African school, not for another', () => {
    const missing = schoolSchema.safeParse({ ...emptySchool, name: 'Waterkloof High' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['province']);
    expect(schoolSchema.safeParse({ ...emptySchool, name: 'Windhoek High', countryCode: 'NA' }).success).toBe(true);
  });

  it('checks an EMIS number as digits', () => {
    const bad = schoolSchema.safeParse({ ...emptySchool, name: 'X', province: 'Gauteng', emisNumber: '12ab' });
    expect(bad.error?.issues[0]?.message).toBe('must have 5 to 12 digits');
  });

  it("holds the EMIS number and the country code to the document's patterns, spaces left out", () => {
    const school = { ...emptySchool, name: 'X', province: 'Gauteng' };
    expect(schoolSchema.safeParse({ ...school, emisNumber: '700 123 456' }).success).toBe(true);
    expect(schoolSchema.safeParse({ ...school, emisNumber: '1234' }).success).toBe(false);
    expect(schoolSchema.safeParse({ ...school, emisNumber: '1234567890123' }).success).toBe(false);
    expect(schoolSchema.safeParse({ ...school, countryCode: 'ZAF' }).error?.issues[0]?.message).toBe('must be two letters (ZA)');
    expect(schoolSchema.safeParse({ ...school, countryCode: '' }).success).toBe(true);
  });

  it('turns the values into the API body and back', () => {
    const parsed = schoolSchema.parse({ ...emptySchool, name: ' Grey College ', province: 'Free State', quintile: '5' });
    const body = schoolInput(parsed);
    expect(body).toMatchObject({ name: 'Grey College', province: 'Free State', quintile: 5, languageOfTeaching: '' });
    expect(schoolValues({ ...body, emisNumber: null, quintile: null })).toMatchObject({ quintile: null, emisNumber: '', province: 'Free State' });
  });
});
