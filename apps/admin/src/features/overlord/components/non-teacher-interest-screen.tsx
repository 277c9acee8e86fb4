// /overlord/learner-parent-interest: interest from anyone but teachers (learners, parents, others) in
// every olympiad, searchable and exportable; each is marked handled, declined or deleted here.
import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { operations } from '@olympiad/shared/api/schema';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import type { ListQuery } from '@olympiad/shared/ui/data-grid/server-query';
import { serverGrid } from '@olympiad/shared/ui/data-grid/server-list';
import { changeAction, deleteAction } from '@olympiad/shared/resource/row-actions';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { deleteExpression, processExpression } from '../../interest/api/handle-expression';
import { interestKeys, type Expression } from '../../interest/api/get-expressions';
import { olympiadsQuery } from '../api/olympiads';

type InterestQuery = NonNullable<operations['interest_list']['parameters']['query']>;

const statuses = ['open', 'processed', 'declined'].map((s) => ({ value: s, label: s }));

function nonTeacherGrid() {
  return serverGrid<Expression>({
    path: '/api/interest/expression-of-interest',
    queryKey: [...interestKeys.all, 'non-teacher'],
    fetchPage: async (query: ListQuery) => unwrap(await call(api.GET('/api/interest/expression-of-interest', { params: { query: query as InterestQuery } }))),
    baseQuery: { type: 'other' },
    filterNames: { verified: 'emailVerified' },
    exportName: 'non-teacher-interest',
  });
}

export function NonTeacherInterestScreen({ route }: ScreenComponentProps) {
  const grid = useMemo(nonTeacherGrid, []);
  const olympiads = new Map((useQuery(olympiadsQuery()).data ?? []).map((o) => [o.id, o.title]));
  const handled = useApiMutation({
    mutationFn: (e: Expression) => processExpression(e.id, {}),
    success: 'Marked handled.',
    invalidates: () => [interestKeys.all],
  });
  const remove = useApiMutation({
    mutationFn: (e: Expression) => deleteExpression(e.id),
    success: 'Deleted.',
    invalidates: () => [interestKeys.all],
  });
  const columns: GridColumn<Expression>[] = [
    { id: 'createdAt', header: 'Received', value: (e) => e.createdAt, cell: (e) => formatDateTime(parseServerTime(e.createdAt)), width: 170 },
    { id: 'olympiad', header: 'Olympiad', value: (e) => olympiads.get(e.olympiadId) ?? String(e.olympiadId), sortable: false },
    { id: 'name', header: 'Name', value: (e) => `${e.firstName} ${e.lastName}` },
    { id: 'email', header: 'E-mail', value: (e) => e.email, sortable: false },
    { id: 'relationship', header: 'Who they are', value: (e) => e.relationship, sortable: false },
    { id: 'message', header: 'Message', value: (e) => e.message, sortable: false },
    {
      id: 'status',
      header: 'Status',
      value: (e) => e.status,
      cell: (e) => <Badge variant="light">{e.status}</Badge>,
      filter: { type: 'select', options: statuses },
      width: 110,
    },
  ];
  const rowActions: RowAction<Expression>[] = [
    changeAction<Expression>({
      label: 'Mark handled',
      operation: 'POST /api/interest/expression-of-interest/{id}/process',
      hidden: (e) => e.status !== 'open',
      change: (e) => handled.mutateAsync(e),
    }),
    deleteAction<Expression>({
      operation: 'DELETE /api/interest/{id}',
      confirm: (e) => ({ title: 'Delete this interest?', message: `${e.firstName} ${e.lastName}'s interest is deleted.` }),
      change: (e) => remove.mutateAsync(e),
    }),
  ];
  return (
    <GridScreen title={route.title} description="Interest from learners, parents and others who are not teachers, in every olympiad.">
      <DataGrid<Expression> label="Non-teacher interest" {...grid} columns={columns} rowActions={rowActions} initialSort={[{ id: 'createdAt', desc: true }]} searchPlaceholder="Search by name, e-mail or message" />
    </GridScreen>
  );
}
