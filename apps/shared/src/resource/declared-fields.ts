// A field of a back-office list declared once: its rule, its value in an empty form, its control in the
// editor and its column in the grid come from one description, so a label, a heading or a limit is
// written in one place. The screen still places each control (./field-control) and column itself, in its
// own order. Only types and plain functions here: a feature's api module declares its fields without
// loading the form's controls.
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { CellValue, GridColumn } from '../ui/data-grid/grid-types';

export type DeclaredField = {
  label: string;
  schema: z.ZodType;
  /** The control: a one-line text input (of this type), a text area, a number or a list to choose from. */
  input?: 'text' | 'email' | 'tel' | 'textarea' | 'number' | 'select';
  required?: boolean;
  description?: string;
  minRows?: number;
  /** In an empty form; '' when not given. */
  empty?: string | number | null;
  /** The grid column's heading when it is not the label. */
  header?: string;
  /** How the column behaves (the grid's defaults when not given). */
  column?: { sortable?: boolean; searchable?: boolean; width?: number };
};

export type DeclaredFields = Record<string, DeclaredField>;

type Shape<F extends DeclaredFields> = { [K in keyof F]: F[K]['schema'] };
type Values<F extends DeclaredFields> = { [K in keyof F]: z.input<F[K]['schema']> };

/** The fields' rules, for `z.object` (with any rule the screen has beside them). */
export function fieldSchemas<F extends DeclaredFields>(fields: F): Shape<F> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.schema])) as Shape<F>;
}

/** The fields' values in an empty form. */
export function emptyValues<F extends DeclaredFields>(fields: F): Values<F> {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.empty ?? ''])) as Values<F>;
}

/** The grid's column of a field: the row's value of the same name, under the field's heading or label. */
export function fieldColumn<Row, K extends keyof Row & string, F extends Record<K, DeclaredField>>(
  fields: F,
  name: K,
  shown?: { cell?: (row: Row) => ReactNode },
): GridColumn<Row> {
  const field: DeclaredField = fields[name];
  return { id: name, header: field.header ?? field.label, value: (row) => row[name] as CellValue, ...field.column, ...shown };
}
