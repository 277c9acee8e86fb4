// Country participants: GET /api/igeo-country-participant (a page, or the export), POST, PUT {id}, DELETE {id}.
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

type EntryQuery = NonNullable<operations['igeo_country_participant_list']['parameters']['query']>;

async function getCountryEntries(query: EntryQuery) {
  return unwrap(await call(api.GET('/api/igeo-country-participant', { params: { query } })));
}

export type CountryEntryRow = Awaited<ReturnType<typeof getCountryEntries>>['rows'][number];

export function countryEntriesGrid(olympiadId: number | undefined) {
  return serverGrid<CountryEntryRow>({
    path: '/api/igeo-country-participant',
    queryKey: countryEntryKeys.list(olympiadId),
    fetchPage: (query: ListQuery) => getCountryEntries(query as EntryQuery),
    baseQuery: olympiadId === undefined ? {} : { olympiadId },
    exportName: 'participating-countries',
  });
}

const optionalEmail = z.union([z.literal(''), z.string().trim().email('must be an e-mail address')]);

export const countryEntrySchema = z.object({
  status: z.enum(['entered', 'confirmed', 'withdrawn']),
  teamLeaderName: text(limits.CountryEntryInput.teamLeaderName),
  teamLeaderEmail: optionalEmail,
  teamLeaderPhone: text(limits.CountryEntryInput.teamLeaderPhone),
  /** One name a line. */
  teamMembers: z.string().refine((text) => text.split('\n').filter((l) => l.trim() !== '').length <= 20, 'must be at most 20 people'),
  invoiceName: text(limits.CountryEntryInput.invoiceName),
  invoiceEmail: optionalEmail,
  invoiceAddress: text(limits.CountryEntryInput.invoiceAddress),
});

export type CountryEntryValues = z.input<typeof countryEntrySchema>;

export function saveCountryEntry(id: number | null, values: z.output<typeof countryEntrySchema>, create?: { olympiadId: number; countryId: number }) {
  const body = { ...values, teamMembers: values.teamMembers.split('\n').map((l) => l.trim()).filter(Boolean), ...create };
  return id === null
    ? call(api.POST('/api/igeo-country-participant', { body }))
    : call(api.PUT('/api/igeo-country-participant/{id}', { params: { path: { id } }, body }));
}

export function deleteCountryEntry(id: number) {
  return call(api.DELETE('/api/igeo-country-participant/{id}', { params: { path: { id } } }));
}

export const emptyCountryEntry: CountryEntryValues = {
  status: 'entered',
  teamLeaderName: '',
  teamLeaderEmail: '',
  teamLeaderPhone: '',
  teamMembers: '',
  invoiceName: '',
  invoiceEmail: '',
  invoiceAddress: '',
};

/** Entering or removing a country changes both lists: the entries, and the countries' "this olympiad". */
const entriesAndCountries = () => [countryEntryKeys.all, countryKeys.all];

export function useSaveCountryEntry() {
  return useApiMutation({
    mutationFn: ({ id, values }: { id: number; values: z.output<typeof countryEntrySchema> }) => saveCountryEntry(id, values),
    success: 'The entry is saved.',
    invalidates: () => [countryEntryKeys.all],
  });
}

/** Enters a country as it is; its team is added under Participating Countries. */
export function useEnterCountry() {
  return useApiMutation({
    mutationFn: ({ olympiadId, country }: { olympiadId: number; country: { id: number; name: string } }) =>
      saveCountryEntry(null, emptyCountryEntry, { olympiadId, countryId: country.id }),
    success: (_, { country }) => `${country.name} is entered; add its team under Participating Countries.`,
    invalidates: entriesAndCountries,
  });
}

export function useDeleteCountryEntry() {
  return useApiMutation({ mutationFn: deleteCountryEntry, invalidates: entriesAndCountries });
}
