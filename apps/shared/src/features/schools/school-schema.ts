// A school as people type it in (staff in the back office, a team admin in the portal): the zod rules
// mirror the server's, with the lengths its OpenAPI document states, and the values convert to the API's body.
import { z } from 'zod';
import type { components } from '../../api/schema';
import { limits } from '../../lib/field-limits';
import { text } from '../../lib/limited-text';

export type SchoolInput = components['schemas']['SchoolInput'];

const field = limits.SchoolInput;

export const schoolSchema = z
  .object({
    name: text(field.name).min(1, 'is required'),
    emisNumber: z
      .string()
      .trim()
      .refine((value) => value === '' || new RegExp(field.emisNumber.pattern).test(value.replace(/\s/g, '')), 'must have 5 to 12 digits'),
    countryCode: z
      .string()
      .trim()
      .refine((value) => new RegExp(field.countryCode.pattern).test(value), 'must be two letters (ZA)'),
    province: z.string().nullable(),
    district: text(field.district),
    town: text(field.town),
    streetAddress: text(field.streetAddress),
    postalAddress: text(field.postalAddress),
    phone: text(field.phone),
    email: z.union([z.literal(''), z.string().trim().email('must be an e-mail address')]),
    sector: z.enum(['public', 'independent']),
    quintile: z.string().nullable(),
    languageOfTeaching: z.string().nullable(),
  })
  .refine((school) => school.province || (school.countryCode !== '' && school.countryCode.toUpperCase() !== 'ZA'), {
    path: ['province'],
    message: 'is required',
  });

export type SchoolFormValues = z.input<typeof schoolSchema>;

export const emptySchool: SchoolFormValues = {
  name: '',
  emisNumber: '',
  countryCode: 'ZA',
  province: null,
  district: '',
  town: '',
  streetAddress: '',
  postalAddress: '',
  phone: '',
  email: '',
  sector: 'public',
  quintile: null,
  languageOfTeaching: null,
};

export function schoolInput(values: z.output<typeof schoolSchema>): SchoolInput {
  return {
    ...values,
    province: values.province ?? '',
    quintile: values.quintile ? Number(values.quintile) : null,
    languageOfTeaching: values.languageOfTeaching ?? '',
  };
}

/** A school as the API answers it (`School`), or its input. */
type SchoolLike = {
  name: string;
  emisNumber?: string | null;
  countryCode?: string;
  province?: string;
  district?: string;
  town?: string;
  streetAddress?: string;
  postalAddress?: string;
  phone?: string;
  email?: string;
  sector?: string;
  quintile?: number | null;
  languageOfTeaching?: string;
};

export function schoolValues(school: SchoolLike): SchoolFormValues {
  return {
    name: school.name,
    emisNumber: school.emisNumber ?? '',
    countryCode: school.countryCode ?? 'ZA',
    province: school.province || null,
    district: school.district ?? '',
    town: school.town ?? '',
    streetAddress: school.streetAddress ?? '',
    postalAddress: school.postalAddress ?? '',
    phone: school.phone ?? '',
    email: school.email ?? '',
    sector: school.sector === 'independent' ? 'independent' : 'public',
    quintile: school.quintile ? String(school.quintile) : null,
    languageOfTeaching: school.languageOfTeaching || null,
  };
}

