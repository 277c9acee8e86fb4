// igeo countries: GET /api/igeo-country (a page, or the export), POST, PUT {id}, DELETE {id}.
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { operations } from '@olympiad/shared/api/schema';
import type { ListQuery } from '@olympiad/shared/ui/data-grid/server-query';
import { serverGrid } from '@olympiad/shared/ui/data-grid/server-list';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { countryEntryKeys, countryKeys } from './keys';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';
import { fieldSchemas, type DeclaredFields } from '@olympiad/shared/resource/declared-fields';

type CountryQuery = NonNullable<operations['igeo_country_list']['parameters']['query']>;

async function getCountries(query: CountryQuery) {
  return unwrap(await call(api.GET('/api/igeo-country', { params: { query } })));
}

export type CountryRow = Awaited<ReturnType<typeof getCountries>>['rows'][number];

export function countriesGrid(olympiadId: number | undefined) {
  return serverGrid<CountryRow>({
    path: '/api/igeo-country',
    queryKey: countryKeys.list(olympiadId),
    fetchPage: (query: ListQuery) => getCountries(query as CountryQuery),
    baseQuery: olympiadId === undefined ? {} : { olympiadId },
    exportName: 'countries',
  });
}

export async function searchCountries(search: string): Promise<CountryRow[]> {
  return (await getCountries({ search, pageSize: 20, sort: 'name' })).rows;
}

/** A country's fields: each one's rule, control in the editor and column in the list. */
export const countryFields = {
  name: { label: 'Name', header: 'Country', required: true, schema: text(limits.CountryInput.name).min(1, 'is required') },
  isoCode: {
    label: 'ISO code',
    description: 'Two letters: NA for Namibia',
    required: true,
    schema: z.string().trim().regex(new RegExp(limits.CountryInput.isoCode.pattern), 'must be two letters (ISO 3166)'),
    column: { width: 100 },
  },
} satisfies DeclaredFields;

export const countrySchema = z.object(fieldSchemas(countryFields));

export function saveCountry(id: number | null, body: z.output<typeof countrySchema>) {
  return id === null
    ? call(api.POST('/api/igeo-country', { body }))
    : call(api.PUT('/api/igeo-country/{id}', { params: { path: { id } }, body }));
}

export function deleteCountry(id: number) {
  return call(api.DELETE('/api/igeo-country/{id}', { params: { path: { id } } }));
}

export function useSaveCountry() {
  return useApiMutation({
    mutationFn: ({ id, body }: { id: number | null; body: z.output<typeof countrySchema> }) => saveCountry(id, body),
    success: 'The country is saved.',
    invalidates: () => [countryKeys.all],
  });
}

/** A country with no entries; its entry column goes too. */
export function useDeleteCountry() {
  return useApiMutation({ mutationFn: deleteCountry, invalidates: () => [countryKeys.all, countryEntryKeys.all] });
}
