// Unsubscribes (admin, funding: the olympiad's and the global ones; overlord: all): who asked to get
// no more mail, an address unsubscribed by hand (someone asked by phone), and resubscribing.
import { useState } from 'react';
import { Alert, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useRefusal } from '@olympiad/shared/resource/use-refusal';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { changeAction } from '@olympiad/shared/resource/row-actions';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { unsubscribesQuery, useResubscribe, useUnsubscribeAddress, type UnsubscribeRow } from '../api/email-api';

const columns: GridColumn<UnsubscribeRow>[] = [
  { id: 'email', header: 'Address', value: (u) => u.email },
  { id: 'scope', header: 'From', value: (u) => (u.olympiadId === null || u.olympiadId === undefined ? 'every olympiad' : `olympiad ${u.olympiadId}`), width: 160 },
  { id: 'createdAt', header: 'Since', value: (u) => parseServerTime(u.createdAt), cell: (u) => <Text size="sm">{formatDateTime(parseServerTime(u.createdAt))}</Text>, searchable: false, width: 170 },
];

export function UnsubscribesScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const grid = useWholeListGrid(unsubscribesQuery(olympiadId), columns);
  const resubscribe = useResubscribe();
  const unsubscribe = useUnsubscribeAddress();
  const [email, setEmail] = useState('');
  // Staff unsubscribe from their olympiad's mail; the overlord from every olympiad's.
  const everywhere = olympiadId === undefined;
  const refusal = useRefusal();
  const rowActions = [
    changeAction<UnsubscribeRow>({
      label: 'Resubscribe',
      operation: 'POST /api/unsubscribe/resubscribe',
      confirm: (u) => ({ title: `Resubscribe ${u.email}?`, message: 'Only when the person asked for mail again.' }),
      change: (u) => resubscribe.mutateAsync({ email: u.email, olympiadId: u.olympiadId ?? olympiadId }),
    }),
  ];
  const add = () => refusal.attempt(unsubscribe.mutateAsync({ email, olympiadId, everywhere }), () => setEmail(''));
  return (
    <ResourceGrid
      title={route.title}
      description="Addresses that get no more bulk mail: they are skipped when a mass mail is queued and again when it is sent."
      above={
        <Paper withBorder p="sm">
          <Group align="flex-end">
            <TextInput label="Unsubscribe an address" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} style={{ flex: 1 }} />
            <Button variant="default" loading={unsubscribe.isPending} onClick={() => void add()}>
              Unsubscribe
            </Button>
          </Group>
          {refusal.message && (
            <Alert color="red" mt="xs">
              {refusal.message}
            </Alert>
          )}
        </Paper>
      }
      label="Unsubscribes"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ id: 'createdAt', desc: true }]}
      searchPlaceholder="Search by address"
    />
  );
}
