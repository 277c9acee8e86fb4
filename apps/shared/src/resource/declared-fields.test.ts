// A field declared once gives the form's rule and empty value and the grid's column, with the label as
// the column's heading unless the field names another.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyValues, fieldColumn, fieldSchemas, type DeclaredFields } from './declared-fields';

type Country = { name: string; entries: number };

const fields = {
  name: { label: 'Name', header: 'Country', required: true, schema: z.string().trim().min(1, 'is required') },
  entries: { label: 'Entries', input: 'number', empty: 0, schema: z.number(), column: { sortable: false, width: 90 } },
} satisfies DeclaredFields;

describe('declared fields', () => {
  it('give the rules and the empty form', () => {
    const schema = z.object(fieldSchemas(fields));
    expect(emptyValues(fields)).toEqual({ name: '', entries: 0 });
    expect(schema.safeParse(emptyValues(fields)).success).toBe(false);
    expect(schema.safeParse({ name: ' Namibia ', entries: 2 }).data).toEqual({ name: 'Namibia', entries: 2 });
  });

  it('give the column of the row value of the same name', () => {
    const name = fieldColumn<Country, 'name', typeof fields>(fields, 'name');
    const entries = fieldColumn<Country, 'entries', typeof fields>(fields, 'entries');
    expect([name.id, name.header, name.value({ name: 'Namibia', entries: 2 })]).toEqual(['name', 'Country', 'Namibia']);
    expect([entries.header, entries.sortable, entries.width, entries.value({ name: 'Namibia', entries: 2 })]).toEqual(['Entries', false, 90, 2]);
  });
});
