// Mass Mail Queue (overlord): every outgoing e-mail in the queue, held ones released one at a time,
// and where each stands (held for release, queued, being sent, done, failed with its last error).
import { useMemo, useState } from 'react';
import { Switch, Text } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { changeAction } from '@olympiad/shared/resource/row-actions';
import { queueQuery, useReleaseOne, type QueuedEmail } from '../api/email-api';

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
  const [all, setAll] = useState(false);
  const query = useMemo(() => queueQuery(all), [all]);
  const grid = useWholeListGrid(query, columns);
  const release = useReleaseOne();
  const rowActions: RowAction<QueuedEmail>[] = [
    changeAction<QueuedEmail>({ label: 'Release', operation: 'POST /api/queued-email/release/{id}', hidden: (q) => q.status !== 'held', change: (q) => release.mutateAsync(q.id) }),
  ];
  return (
    <GridScreen title={route.title} description="Outgoing e-mail: mass mails wait held until released; the senders take queued e-mails at the configured rate and retry a temporary failure.">
      <DataGrid<QueuedEmail>
        label="Queued e-mails"
        {...grid}
        columns={columns}
        getRowId={(q) => String(q.id)}
        exportName="queued-emails"
        rowActions={rowActions}
        initialSort={[{ id: 'id', desc: true }]}
        searchPlaceholder="Search by address"
        toolbar={<Switch label="Show sent and failed too" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} />}
      />
    </GridScreen>
  );
}
