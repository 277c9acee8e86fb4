// /overlord/activity-logs: who did what, in which olympiad, when and from where — every change of the
// staff, the teachers and the overlord (an impersonation under the overlord's name, with the user they
// acted as), sign-ins among them. Searched by a window of time, a user chosen by name or an e-mail address;
// exported by the server with the same window, user, address and search (at most 50,000 entries, where the
// grid shows 2,000).
import { useMemo, useState } from 'react';
import { Code, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { activityQuery, activityUsersQuery, exportActivity, type ActivityEntry, type ActivityQuery } from '../api/logs';
import { queryLimits } from '@olympiad/shared/lib/field-limits';

// The hours the server looks back over, at most a month.
const timeWindow = queryLimits.activity_log.timeWindow;

const columns: GridColumn<ActivityEntry>[] = [
  { id: 'createdAt', header: 'When', value: (e) => e.createdAt, cell: (e) => formatDateTime(parseServerTime(e.createdAt)), width: 170 },
  { id: 'email', header: 'Who', value: (e) => e.email ?? (e.userId == null ? '' : `user ${e.userId}`) },
  { id: 'action', header: 'What', value: (e) => e.action },
  { id: 'olympiadId', header: 'Olympiad', value: (e) => e.olympiadId ?? '', width: 90 },
  { id: 'address', header: 'From', value: (e) => e.address ?? '', width: 130 },
  {
    id: 'details',
    header: 'Details',
    value: (e) => e.details,
    cell: (e) => (
      <Code block style={{ whiteSpace: 'pre-wrap', maxWidth: 520, maxHeight: 160, overflow: 'auto' }}>
        {e.details}
      </Code>
    ),
    sortable: false,
  },
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function ActivityLogScreen({ route }: ScreenComponentProps) {
  const [startDate, setStartDate] = useState('');
  const [hours, setHours] = useState(24);
  const [email, setEmail] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const [typedEmail] = useDebouncedValue(email.trim(), 400);
  const users = (useQuery(activityUsersQuery()).data ?? []).map((u) => ({ value: String(u.id), label: `${`${u.firstName} ${u.lastName}`.trim() || u.username} (${u.email ?? u.username})` }));
  const filters = useMemo(() => {
    const q: ActivityQuery = { timeWindow: hours };
    if (DATE.test(startDate)) q.startDate = startDate;
    if (userId) q.userId = Number(userId);
    if (typedEmail) q.email = typedEmail;
    return q;
  }, [startDate, hours, userId, typedEmail]);
  const query = useMemo(() => activityQuery(filters), [filters]);
  const grid = useWholeListGrid(query, columns);
  return (
    <GridScreen title={route.title} description="Who did what, when and from where: every change by staff, teachers and the overlord, and every sign-in.">
      <Group align="flex-end">
        <TextInput label="From (UTC date)" placeholder="2026-11-25, or the last hours" value={startDate} onChange={(e) => setStartDate(e.currentTarget.value)} w={220} error={startDate && !DATE.test(startDate) ? 'A date like 2026-11-25' : undefined} />
        <NumberInput label="Hours" value={hours} onChange={(v) => setHours(Math.min(timeWindow.maximum, Math.max(timeWindow.minimum, Number(v) || 24)))} min={timeWindow.minimum} max={timeWindow.maximum} w={120} />
        <Select label="Who did it" placeholder="anyone" data={users} value={userId} onChange={setUserId} searchable clearable w={300} />
        <TextInput label="E-mail of who did it" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} w={260} />
      </Group>
      <DataGrid<ActivityEntry> label="Activity log" {...grid} columns={columns} getRowId={(e) => String(e.id)} exportName="activity-log" exportFile={(selection, format) => exportActivity(filters, selection, format)} initialSort={[{ id: 'createdAt', desc: true }]} searchPlaceholder="Search who, what and the details" />
    </GridScreen>
  );
}
