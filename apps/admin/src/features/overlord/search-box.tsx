// The one search box over schools, teachers, learners, purchase orders and e-mails (GET /api/search),
// for the overlord's Search and Privacy screens: it searches once typing pauses and shows where the
// search stands until its results come, which each screen lays out its own way.
import { useState, type ReactNode } from 'react';
import { Alert, Loader, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { searchQuery, type SearchResults } from './api/search';

export function SearchBox({ label, placeholder, children }: { label: string; placeholder: string; children: (results: SearchResults) => ReactNode }) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const results = useQuery(searchQuery(q));
  return (
    <>
      <TextInput label={label} placeholder={placeholder} value={text} onChange={(e) => setText(e.currentTarget.value)} maw={520} type="search" />
      {q.length < 2 ? (
        <Text c="dimmed">Type at least two characters.</Text>
      ) : results.isPending ? (
        <Loader role="status" aria-label="Searching" />
      ) : results.isError ? (
        <Alert color="red" title="The search failed">
          {results.error.message}
        </Alert>
      ) : (
        children(results.data)
      )}
    </>
  );
}
