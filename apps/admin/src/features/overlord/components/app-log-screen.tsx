// /overlord/app-log-viewer: the platform's own events (jobs, e-mail, …), of one key or all, newest first;
// searchable, and exported by the server with the same key, level and search (at most 50,000 entries).
import { useMemo, useState } from 'react';
import { Badge, Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { appLogKeysQuery, appLogQuery, exportAppLog, type AppLogEntry } from '../api/logs';

// All (-1) by default, as the specification says; fewer when a long log is slow to show.
const limits = [
  { value: '-1', label: 'all' },
  { value: '200', label: 'newest 200' },
  { value: '1000', label: 'newest 1,000' },
];
const ALL = '-1';

const columns: GridColumn<AppLogEntry>[] = [
  { id: 'createdAt', header: 'When', value: (e) => e.createdAt, cell: (e) => formatDateTime(parseServerTime(e.createdAt)), width: 180 },
  { id: 'key', header: 'Key', value: (e) => e.key, width: 100 },
  {
    id: 'level',
    header: 'Level',
    value: (e) => e.level,
    cell: (e) => (
      <Badge variant="light" color={e.level === 'error' ? 'red' : e.level === 'warn' ? 'orange' : 'gray'}>
        {e.level}
      </Badge>
    ),
    filter: { type: 'select', options: ['info', 'warn', 'error'].map((l) => ({ value: l, label: l })) },
    width: 100,
  },
  { id: 'message', header: 'Message', value: (e) => e.message },
];

export function AppLogScreen({ route }: ScreenComponentProps) {
  const keys = useQuery(appLogKeysQuery()).data ?? [];
  const [key, setKey] = useState<string | null>(null);
  const [limit, setLimit] = useState(ALL);
  const query = useMemo(() => appLogQuery(key ?? undefined, Number(limit)), [key, limit]);
  const grid = useWholeListGrid(query, columns);
  return (
    <GridScreen title={route.title} description="The platform's own events: background jobs, e-mail and the consistency checks.">
      <Group align="flex-end">
        <Select label="Key" placeholder="every key" data={keys} value={key} onChange={setKey} clearable w={220} />
        <Select label="How many" data={limits} value={limit} onChange={(v) => setLimit(v ?? ALL)} w={180} allowDeselect={false} />
      </Group>
      <DataGrid<AppLogEntry> label="App log" {...grid} columns={columns} getRowId={(e) => String(e.id)} exportName="app-log" exportFile={(selection, format) => exportAppLog(key ?? undefined, Number(limit), selection, format)} initialSort={[{ id: 'createdAt', desc: true }]} searchPlaceholder="Search the messages" />
    </GridScreen>
  );
}
