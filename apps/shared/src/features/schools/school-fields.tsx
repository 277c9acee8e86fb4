// The fields of a school's form, for the back office and the portal alike.
import type { Control } from 'react-hook-form';
import { SimpleGrid } from '@mantine/core';
import { SelectField, TextField } from '../../ui/form/form-fields';
import { languageOptions, provinceOptions } from '../../lib/south-africa';
import type { SchoolFormValues } from './school-schema';

const sectors = [
  { value: 'public', label: 'Public' },
  { value: 'independent', label: 'Independent' },
];
const quintiles = ['1', '2', '3', '4', '5'].map((q) => ({ value: q, label: `Quintile ${q}` }));

export function SchoolFields({ control, international = false }: { control: Control<SchoolFormValues>; international?: boolean }) {
  return (
    <>
      <TextField control={control} name="name" label="Name" required />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={control} name="emisNumber" label="EMIS number" description="The school's number with the Department of Basic Education" />
        <SelectField control={control} name="province" label="Province" data={provinceOptions} clearable searchable required={!international} />
        <TextField control={control} name="district" label="District" />
        <TextField control={control} name="town" label="Town" />
        <SelectField control={control} name="sector" label="Sector" data={sectors} required />
        <SelectField control={control} name="quintile" label="Quintile" data={quintiles} clearable description="Public schools only" />
        <SelectField control={control} name="languageOfTeaching" label="Language of teaching" data={languageOptions} clearable searchable />
        {international && <TextField control={control} name="countryCode" label="Country (ISO code)" description="ZA for South Africa" />}
        <TextField control={control} name="phone" label="Phone" type="tel" />
        <TextField control={control} name="email" label="E-mail" type="email" />
      </SimpleGrid>
      <TextField control={control} name="streetAddress" label="Street address" />
      <TextField control={control} name="postalAddress" label="Postal address" />
    </>
  );
}
