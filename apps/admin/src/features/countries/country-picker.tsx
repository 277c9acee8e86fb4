// Choosing an igeo country by typing part of its name or ISO code.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { searchCountries, type CountryRow } from './api/countries';
import { countryKeys } from './api/keys';

export function CountryPicker({ label, value, onChange, exclude }: { label: string; value: CountryRow | null; onChange: (country: CountryRow | null) => void; exclude?: number }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const found = useQuery({ queryKey: [...countryKeys.all, 'search', debounced], queryFn: () => searchCountries(debounced) });
  const options = [...(value ? [value] : []), ...(found.data ?? []).filter((c) => c.id !== value?.id && c.id !== exclude)];
  return (
    <Select
      label={label}
      placeholder="Type the country's name or ISO code"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={options.map((c) => ({ value: String(c.id), label: `${c.name} (${c.isoCode})` }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(options.find((c) => String(c.id) === id) ?? null)}
    />
  );
}
