// School Emails Overview (overlord): which schools can be reached by e-mail and how: the school's own
// address, its teachers' addresses, and how many of those are shunned or unsubscribed.
import { Badge } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { schoolReachQuery, type SchoolReach } from '../api/email-api';

const yesNo = [
  { value: 'true', label: 'Reachable' },
  { value: 'false', label: 'Not reachable' },
];

const columns: GridColumn<SchoolReach>[] = [
  { id: 'name', header: 'School', value: (s) => s.name },
  { id: 'province', header: 'Province', value: (s) => s.province, width: 150 },
  { id: 'schoolEmail', header: 'School e-mail', value: (s) => s.schoolEmail, cell: (s) => (s.schoolEmailShunned ? `${s.schoolEmail} (shunned)` : s.schoolEmail) },
  { id: 'teachers', header: 'Teachers with e-mail', value: (s) => s.teachers, searchable: false, width: 120 },
  { id: 'unreachableTeachers', header: 'Of them unreachable', value: (s) => s.unreachableTeachers, searchable: false, width: 120 },
  {
    id: 'reachable',
    header: 'Reachable',
    value: (s) => s.reachable,
    cell: (s) => <Badge color={s.reachable ? 'green' : 'red'}>{s.reachable ? 'Yes' : 'No'}</Badge>,
    filter: { type: 'select', options: yesNo },
    matches: (s, v) => String(s.reachable) === v,
    searchable: false,
    width: 110,
  },
];

export function SchoolEmailsOverviewScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(schoolReachQuery(), columns);
  return (
    <GridScreen title={route.title} description="Which schools can be reached by e-mail: their own address and their teachers', less those shunned or unsubscribed.">
      <DataGrid<SchoolReach> label="Schools" {...grid} columns={columns} getRowId={(s) => String(s.schoolId)} exportName="school-emails" initialSort={[{ id: 'name', desc: false }]} searchPlaceholder="Search by school or address" />
    </GridScreen>
  );
}
