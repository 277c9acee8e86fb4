// Mass Mail Queue (overlord): every outgoing e-mail in the queue, held ones released one at a time,
// and where each stands (held for release, queued, being sent, done, failed with its last error).
// The list is those not sent yet, or every one, or those the server finds by address; any e-mail
// opens to show its message.
import { useMemo, useState } from 'react';
import { Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { changeAction } from '@olympiad/shared/resource/row-actions';
import { queueQuery, useReleaseOne, type QueuedEmail } from '../api/email-api';
import { QueuedEmailDialog } from './queued-email-dialog';

const statusOptions = ['held', 'queued', 'running', 'done', 'failed'].map((s) => ({ value: s, label: s }));

const columns: GridColumn<QueuedEmail>[] = [
  { id: 'id', header: 'Job', value: (q) => q.id, width: 80 },
  { id: 'recipient', header: 'To', value: (q) => q.recipient ?? '' },
  { id: 'status', header: 'Status', value: (q) => q.status, filter: { type: 'select', options: statusOptions }, width: 110 },
  { id: 'massMailId', header: 'Mass mail', value: (q) => q.massMailId ?? null, width: 100 },
  { id: 'attempts', header: 'Tries', value: (q) => q.attempts, searchable: false, width: 70 },
  { id: 'lastError', header: 'Last error', value: (q) => q.lastError ?? '', sortable: false },
  { id: 'updatedAt', header: 'Changed', value: (q) => parseServerTime(q.updatedAt), cell: (q) => <Text size="sm">{formatDateTime(parseServerTime(q.updatedAt))}</Text>, searchable: false, width: 170 },
];

export function QueueScreen({ route }: ScreenComponentProps) {
  const [shown, setShown] = useState<'unsent' | 'all'>('unsent');
  const [term, setTerm] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useMemo(() => queueQuery(searched ? { kind: 'search', term: searched } : { kind: shown }), [shown, searched]);
  const grid = useWholeListGrid(query, columns);
  const release = useReleaseOne();
  const rowActions: RowAction<QueuedEmail>[] = [
    { label: 'Open', operation: 'GET /api/queued-email/{id}', run: (q) => setOpenId(q.id) },
    changeAction<QueuedEmail>({ label: 'Release', operation: 'POST /api/queued-email/release/{id}', hidden: (q) => q.status !== 'held', change: (q) => release.mutateAsync(q.id) }),
  ];
  return (
    <GridScreen title={route.title} description="Outgoing e-mail: mass mails wait held until released; the senders take queued e-mails at the configured rate and retry a temporary failure.">
      <Group align="flex-end">
        <TextInput
          label="Search every e-mail by address"
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && setSearched(term.trim() || null)}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={() => setSearched(term.trim() || null)}>
          Search
        </Button>
        {searched && (
          <Button variant="subtle" onClick={() => (setSearched(null), setTerm(''))}>
            Show the queue again
          </Button>
        )}
      </Group>
      <DataGrid<QueuedEmail>
        label="Queued e-mails"
        {...grid}
        columns={columns}
        getRowId={(q) => String(q.id)}
        exportName="queued-emails"
        rowActions={rowActions}
        initialSort={[{ id: 'id', desc: true }]}
        searchPlaceholder="Filter these e-mails"
        toolbar={
          searched ? (
            <Text size="sm">Found by “{searched}”, sent or not</Text>
          ) : (
            <SegmentedControl
              aria-label="Which e-mails"
              value={shown}
              onChange={(v) => setShown(v === 'all' ? 'all' : 'unsent')}
              data={[
                { value: 'unsent', label: 'Unsent only' },
                { value: 'all', label: 'Sent and unsent' },
              ]}
            />
          )
        }
      />
      {openId !== null && <QueuedEmailDialog id={openId} onClose={() => setOpenId(null)} />}
    </GridScreen>
  );
}
