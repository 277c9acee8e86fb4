// Interested and affected parties: GET /api/useful-contact (a page, or the export), POST, PUT {id}, DELETE {id}.
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { operations } from '@olympiad/shared/api/schema';
import type { ListQuery } from '@olympiad/shared/ui/data-grid/server-query';
import { serverGrid } from '@olympiad/shared/ui/data-grid/server-list';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';
import { emptyValues, fieldSchemas, type DeclaredFields } from '@olympiad/shared/resource/declared-fields';

type ContactQuery = NonNullable<operations['useful_contact_list']['parameters']['query']>;

async function getContacts(query: ContactQuery) {
  return unwrap(await call(api.GET('/api/useful-contact', { params: { query } })));
}

export type Contact = Awaited<ReturnType<typeof getContacts>>['rows'][number];

export const contactKeys = {
  all: ['useful-contacts'] as const,
  list: (olympiadId: number | undefined) => [...contactKeys.all, 'list', olympiadId ?? 'every'] as const,
};

export function contactsGrid(olympiadId: number | undefined) {
  return serverGrid<Contact>({
    path: '/api/useful-contact',
    queryKey: contactKeys.list(olympiadId),
    fetchPage: (query: ListQuery) => getContacts(query as ContactQuery),
    baseQuery: olympiadId === undefined ? {} : { olympiadId },
    exportName: 'interested-and-affected-parties',
  });
}

/** A contact's fields: each one's rule, control in the editor and column in the list. */
export const contactFields = {
  name: { label: 'Name', required: true, schema: text(limits.ContactInput.name).min(1, 'is required') },
  organisation: { label: 'Organisation', schema: text(limits.ContactInput.organisation) },
  role: { label: 'Role', schema: text(limits.ContactInput.role) },
  email: { label: 'E-mail', input: 'email', schema: z.union([z.literal(''), z.string().trim().email('must be an e-mail address')]), column: { sortable: false } },
  phone: { label: 'Phone', input: 'tel', schema: text(limits.ContactInput.phone), column: { sortable: false } },
  notes: { label: 'Notes', input: 'textarea', minRows: 3, schema: text(limits.ContactInput.notes), column: { sortable: false } },
} satisfies DeclaredFields;

export const contactSchema = z.object(fieldSchemas(contactFields));

export type ContactValues = z.input<typeof contactSchema>;

export const emptyContact: ContactValues = emptyValues(contactFields);

export function saveContact(id: number | null, values: z.output<typeof contactSchema>, olympiadId?: number) {
  return id === null
    ? call(api.POST('/api/useful-contact', { body: { ...values, olympiadId: olympiadId ?? null } }))
    : call(api.PUT('/api/useful-contact/{id}', { params: { path: { id } }, body: values }));
}

export function deleteContact(id: number) {
  return call(api.DELETE('/api/useful-contact/{id}', { params: { path: { id } } }));
}

export function useSaveContact() {
  return useApiMutation({
    mutationFn: ({ id, values, olympiadId }: { id: number | null; values: z.output<typeof contactSchema>; olympiadId?: number }) => saveContact(id, values, olympiadId),
    success: 'The contact is saved.',
    invalidates: () => [contactKeys.all],
  });
}

export function useDeleteContact() {
  return useApiMutation({ mutationFn: deleteContact, invalidates: () => [contactKeys.all] });
}
