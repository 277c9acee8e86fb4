// /overlord/learner-login-activity: learners' sign-ins to an olympiad over a window of hours, per hour
// as a line and one by one (who, which school, from where).
import { useMemo, useState } from 'react';
import { Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { LineChart } from '@olympiad/shared/ui/charts/charts';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { learnerLoginsQuery, type LearnerLogins } from '../api/learner-logins';
import { olympiadsQuery } from '../api/olympiads';
import { queryLimits } from '@olympiad/shared/lib/field-limits';

// The hours the server looks back over, at most a month.
const timeWindow = queryLimits.report_learner_logins.timeWindow;

type SignIn = LearnerLogins['signIns'][number];

const columns: GridColumn<SignIn>[] = [
  { id: 'at', header: 'When', value: (s) => s.at, cell: (s) => formatDateTime(parseServerTime(s.at)) },
  { id: 'learner', header: 'Learner', value: (s) => `${s.firstName} ${s.lastName}` },
  { id: 'grade', header: 'Grade', value: (s) => s.grade, width: 80 },
  { id: 'school', header: 'School', value: (s) => s.schoolName },
  { id: 'address', header: 'From', value: (s) => s.address ?? '' },
];

export function LearnerLoginsScreen({ route }: ScreenComponentProps) {
  const queryClient = useQueryClient();
  const olympiads = useQuery(olympiadsQuery()).data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const olympiadId = Number(chosen ?? olympiads[0]?.id ?? 0);
  const [startDate, setStartDate] = useState('');
  const [hours, setHours] = useState(24);
  const query = useMemo(
    () => learnerLoginsQuery({ olympiadId, timeWindow: hours, startDate: /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? startDate : undefined }),
    [olympiadId, hours, startDate],
  );
  const data = useQuery({ ...query, enabled: olympiadId > 0 }).data;
  const signIns = useMemo(
    () => queryOptions({ queryKey: [...query.queryKey, 'rows'] as const, queryFn: async () => (olympiadId > 0 ? (await queryClient.fetchQuery(query)).signIns : []) }),
    [query, olympiadId, queryClient],
  );
  const grid = useWholeListGrid(signIns, columns);
  return (
    <GridScreen title={route.title} description="Learners' sign-ins to an olympiad, per hour and one by one.">
      <Stack>
        <Group align="flex-end">
          <Select
            label="Olympiad"
            data={olympiads.map((o) => ({ value: String(o.id), label: `${o.title} (${o.year})` }))}
            value={chosen ?? (olympiads[0] ? String(olympiads[0].id) : null)}
            onChange={setChosen}
            searchable
            w={300}
          />
          <TextInput label="From (UTC date)" placeholder="2026-11-25, or the last hours" value={startDate} onChange={(e) => setStartDate(e.currentTarget.value)} w={200} />
          <NumberInput label="Hours" value={hours} onChange={(v) => setHours(Math.min(timeWindow.maximum, Math.max(timeWindow.minimum, Number(v) || 24)))} min={timeWindow.minimum} max={timeWindow.maximum} w={120} />
        </Group>
        <LineChart title="Sign-ins per hour (UTC)" points={(data?.perHour ?? []).map((p) => ({ label: p.at.slice(0, 13).replace('T', ' ') + 'h', value: p.count }))} />
        <DataGrid<SignIn> label="Sign-ins" {...grid} columns={columns} getRowId={(s) => `${s.at}-${s.userId}`} exportName="learner-sign-ins" initialSort={[{ id: 'at', desc: true }]} searchPlaceholder="Search by learner or school" />
      </Stack>
    </GridScreen>
  );
}
