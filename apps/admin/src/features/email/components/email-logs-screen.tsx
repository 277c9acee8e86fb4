// Email Logs (admin: the olympiad's; overlord: every e-mail): what was sent to whom, when, with
// which result, searched across everything by address or subject, and an address's health.
import { useMemo, useState } from 'react';
import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { emailKeys, logsQuery, searchLogs, type EmailLog } from '../api/email-api';
import { EmailHealthCheck } from './email-health-check';

const outcomes = ['sent', 'failed', 'skipped', 'bounced'].map((s) => ({ value: s, label: s }));

const columns: GridColumn<EmailLog>[] = [
  { id: 'createdAt', header: 'When', value: (l) => parseServerTime(l.createdAt), cell: (l) => <Text size="sm">{formatDateTime(parseServerTime(l.createdAt))}</Text>, searchable: false, width: 170 },
  { id: 'recipient', header: 'To', value: (l) => l.recipient },
  { id: 'subject', header: 'Subject', value: (l) => l.subject },
  { id: 'kind', header: 'Kind', value: (l) => l.kind.replace(/_/g, ' '), width: 150 },
  { id: 'status', header: 'Result', value: (l) => l.status, filter: { type: 'select', options: outcomes }, width: 100 },
  { id: 'detail', header: 'Detail', value: (l) => l.detail, sortable: false },
];

export function EmailLogsScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const [toShow, setToShow] = useState('500');
  const [term, setTerm] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const query = useMemo(
    () =>
      searched
        ? { queryKey: [...emailKeys.all, 'log-search', searched] as const, queryFn: () => searchLogs(searched) }
        : logsQuery(olympiadId, Number(toShow)),
    [olympiadId, toShow, searched],
  );
  const grid = useWholeListGrid<EmailLog, readonly unknown[]>(query, columns);
  return (
    <GridScreen title={route.title} description="What was sent to whom, when, and with which result.">
      <EmailHealthCheck />
      <Group align="flex-end">
        <Select label="Newest" data={['100', '500', '2000', '5000']} value={toShow} onChange={(v) => v && setToShow(v)} allowDeselect={false} w={120} />
        <TextInput label="Search every entry by address or subject" value={term} onChange={(e) => setTerm(e.currentTarget.value)} style={{ flex: 1 }} />
        <Button variant="default" onClick={() => setSearched(term.trim() || null)}>
          Search
        </Button>
        {searched && (
          <Button variant="subtle" onClick={() => (setSearched(null), setTerm(''))}>
            Show the newest again
          </Button>
        )}
      </Group>
      <DataGrid<EmailLog> label="E-mail log" {...grid} columns={columns} getRowId={(l) => String(l.id)} exportName="email-log" initialSort={[{ id: 'createdAt', desc: true }]} searchPlaceholder="Filter these entries" />
    </GridScreen>
  );
}
