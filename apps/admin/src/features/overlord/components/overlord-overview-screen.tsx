// /overlord/overview: every olympiad at a glance (schools entered, learners, started, finished, orders
// paid), and
// one olympiad's schools and graphs when it is chosen.
import { useState } from 'react';
import { Alert, Badge, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { rands } from '@olympiad/shared/features/invoices/api/purchase-orders';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { glanceQuery } from '../../reports/api/reports';
import { OlympiadReports } from '../../reports/olympiad-reports';

export function OverlordOverviewScreen({ route }: ScreenComponentProps) {
  const glance = useQuery(glanceQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">Every olympiad at a glance: schools entered, learners entered, how many started and finished, and the orders paid (VAT included).</Text>
      </div>
      {glance.isPending ? (
        <Loader role="status" aria-label="Loading the olympiads" />
      ) : glance.isError ? (
        <Alert color="red" title="Could not load the olympiads">
          {glance.error.message}
        </Alert>
      ) : (
        <>
          <Paper withBorder radius="md" p="sm">
            <Table.ScrollContainer minWidth={860}>
              <Table aria-label="Every olympiad at a glance" striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Olympiad</Table.Th>
                    <Table.Th>Year</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>Schools</Table.Th>
                    <Table.Th>Learners</Table.Th>
                    <Table.Th>Started</Table.Th>
                    <Table.Th>Finished</Table.Th>
                    <Table.Th>Orders paid</Table.Th>
                    <Table.Th>Paid</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {glance.data.map((o) => (
                    <Table.Tr key={o.olympiadId}>
                      <Table.Td>{o.title}</Table.Td>
                      <Table.Td>{o.year}</Table.Td>
                      <Table.Td>{o.isOpen ? <Badge color="green">open</Badge> : <Badge variant="light">closed</Badge>}</Table.Td>
                      <Table.Td>{o.entries}</Table.Td>
                      <Table.Td>{o.learners}</Table.Td>
                      <Table.Td>{o.started}</Table.Td>
                      <Table.Td>{o.finished}</Table.Td>
                      <Table.Td>{o.paidOrders}</Table.Td>
                      <Table.Td>{rands(o.paidCents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <Select
            label="Look closer at one olympiad"
            placeholder="Choose an olympiad"
            data={glance.data.map((o) => ({ value: String(o.olympiadId), label: `${o.title} (${o.year})` }))}
            value={chosen}
            onChange={setChosen}
            searchable
            clearable
            maw={420}
          />
          {chosen && <OlympiadReports olympiadId={Number(chosen)} withQuestions={false} />}
        </>
      )}
    </Stack>
  );
}
