// Choosing a school by typing part of its name, town or EMIS number.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { schoolKeys, searchSchools, type SchoolRow } from './api/get-schools';

export function SchoolPicker({ label, value, onChange, exclude }: { label: string; value: SchoolRow | null; onChange: (school: SchoolRow | null) => void; exclude?: number }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const found = useQuery({ queryKey: [...schoolKeys.all, 'search', debounced], queryFn: () => searchSchools(debounced), enabled: debounced.trim().length >= 2 });
  const options = [...(value ? [value] : []), ...(found.data ?? []).filter((s) => s.id !== value?.id && s.id !== exclude)];
  return (
    <Select
      label={label}
      placeholder="Type at least two letters of the name, town or EMIS number"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={debounced.trim().length >= 2 && !found.isFetching ? 'No school matches' : undefined}
      data={options.map((s) => ({ value: String(s.id), label: `${s.name}${s.town ? `, ${s.town}` : ''}${s.emisNumber ? ` (${s.emisNumber})` : ''}` }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(options.find((s) => String(s.id) === id) ?? null)}
    />
  );
}
