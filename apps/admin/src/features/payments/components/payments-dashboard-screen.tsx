// Payments Dashboard (admin): what the olympiad's orders come to, owed, paid and pre-approved, by
// province and month by month as bar charts, and what the olympiad charges (fee per learner, grade bands,
// early-bird and late fees).
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCan } from '@olympiad/shared/access/can';
import { rands } from '@olympiad/shared/features/invoices/api/purchase-orders';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { RecordTable, type TableColumn } from '@olympiad/shared/ui/table/record-table';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { dashboardQuery, type PaymentsDashboard } from '../api/orders';
import { FeesForm } from './fees-form';

type Group = PaymentsDashboard['byProvince'][number];

const series = [
  { key: 'paidCents', label: 'Paid', colour: 'var(--mantine-color-green-7)' },
  { key: 'preApprovedCents', label: 'Pre-approved', colour: 'var(--mantine-color-blue-7)' },
  { key: 'owedCents', label: 'Owed', colour: 'var(--mantine-color-orange-8)' },
] as const;

/** The charts' figures by province as text. */
const provinceColumns: TableColumn<Group>[] = [
  { header: 'Province', cell: (g) => g.key || 'Countries' },
  { header: 'Orders', cell: (g) => g.orders },
  { header: 'Learners', cell: (g) => g.learners },
  { header: 'Owed', cell: (g) => rands(g.owedCents) },
  { header: 'Pre-approved', cell: (g) => rands(g.preApprovedCents) },
  { header: 'Paid', cell: (g) => rands(g.paidCents) },
];

/** Stacked horizontal bars, one per group; the table beside it gives the same figures as text. */
function BarChart({ title, groups, empty }: { title: string; groups: Group[]; empty: string }) {
  const largest = Math.max(1, ...groups.map((g) => g.paidCents + g.owedCents));
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {groups.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack gap={6}>
          {groups.map((g) => (
            <div key={g.key || 'none'}>
              <Text size="sm">
                {g.key || 'Countries'}: {rands(g.paidCents + g.owedCents)} ({g.orders} orders)
              </Text>
              <svg width="100%" height="14" role="img" aria-label={`${g.key || 'Countries'}: paid ${rands(g.paidCents)}, owed ${rands(g.owedCents)}`}>
                {(() => {
                  let x = 0;
                  return series.map((s) => {
                    const value = s.key === 'owedCents' ? g.owedCents - g.preApprovedCents : g[s.key];
                    const width = (Math.max(0, value) / largest) * 100;
                    const rect = <rect key={s.key} x={`${x}%`} width={`${width}%`} height="14" fill={s.colour} />;
                    x += width;
                    return rect;
                  });
                })()}
              </svg>
            </div>
          ))}
          <Group gap="md" mt="xs">
            {series.map((s) => (
              <Group key={s.key} gap={4}>
                <svg width="12" height="12" aria-hidden="true">
                  <rect width="12" height="12" fill={s.colour} />
                </svg>
                <Text size="xs">{s.label}</Text>
              </Group>
            ))}
          </Group>
        </Stack>
      )}
    </Card>
  );
}

export function PaymentsDashboardScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const can = useCan();
  const dashboard = useQuery({ ...dashboardQuery(olympiadId ?? 0), enabled: olympiadId !== undefined });
  if (olympiadId === undefined) return <Alert color="gray">Sign in to an olympiad to see its payments.</Alert>;
  if (dashboard.isPending) return <Loader role="status" aria-label="Loading" />;
  if (dashboard.isError) return <Alert color="red">{dashboard.error.message}</Alert>;
  const { totals, byProvince, byMonth, schedule } = dashboard.data;
  const figures = [
    ['Orders', String(totals.orders)],
    ['Learners', String(totals.learners)],
    ['Owed', rands(totals.owedCents)],
    ['Pre-approved', rands(totals.preApprovedCents)],
    ['Paid', rands(totals.paidCents)],
  ];
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">What this olympiad's orders come to, VAT included; deleted orders left out.</Text>
      </div>
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        {figures.map(([label, value]) => (
          <Card key={label} withBorder>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="xl">
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <BarChart title="By province" groups={byProvince} empty="No orders yet." />
        <BarChart title="Month by month" groups={byMonth} empty="No orders yet." />
      </SimpleGrid>
      <RecordTable label="Orders by province" striped rows={byProvince} rowKey={(g) => g.key || 'none'} columns={provinceColumns} />
      {can('PUT /api/purchase-order/fees') && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Fees
          </Title>
          <FeesForm olympiadId={olympiadId} schedule={schedule} />
        </Card>
      )}
    </Stack>
  );
}
