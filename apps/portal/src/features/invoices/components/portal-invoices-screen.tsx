// Invoices (teacher): the school's order in this olympiad, worked out from the learners loaded, with its
// tax invoice to download, the school's own order number, and the way to pay (the payment page).
// "Could not get invoices" when they cannot be loaded (spec section 8).
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { downloadInvoice, myOrdersQuery, orderState, rands, useCreateOrder, useSetSchoolPo } from '@olympiad/shared/features/invoices/api/purchase-orders';
import type { PurchaseOrderRow } from '@olympiad/shared/features/invoices/api/get-invoices';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useMySchool } from '../../school/api/get-my-school';

function OrderCard({ order, canManage }: { order: PurchaseOrderRow; canManage: boolean }) {
  const setPo = useSetSchoolPo();
  const [po, setPoValue] = useState(order.schoolsPO);
  const state = orderState(order);
  const download = async () => {
    const result = await downloadInvoice(order.id);
    if (!result.ok) alertError(result.message);
  };
  const savePo = async () => {
    const result = await setPo.mutateAsync({ id: order.id, schoolsPO: po });
    if (!result.ok) alertError(result.message);
  };
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          Order {order.reference}
        </Title>
        <Badge size="lg" variant="light" color={state === 'paid' ? 'green' : state === 'unpaid' ? 'orange' : 'blue'}>
          {state}
        </Badge>
      </Group>
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Learners</Table.Th>
            <Table.Td>{order.learners}</Table.Td>
          </Table.Tr>
          {order.freeLearners > 0 && (
            <Table.Tr>
              <Table.Th scope="row">Without charge</Table.Th>
              <Table.Td>{order.freeLearners}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th scope="row">Price per learner (VAT excluded)</Table.Th>
            <Table.Td>{rands(order.unitCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">VAT</Table.Th>
            <Table.Td>{rands(order.vatCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td fw={700}>{rands(order.totalCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Reference to quote with an EFT</Table.Th>
            <Table.Td>{order.reference}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {!order.paid && <Text size="sm" c="dimmed" mt="xs">The amount follows the number of learners loaded until it is paid.</Text>}
      {canManage && !order.paid && (
        <Group align="flex-end" mt="md">
          <TextInput label="Your school's order number" value={po} maxLength={60} onChange={(e) => setPoValue(e.currentTarget.value)} />
          <Button variant="default" onClick={savePo} disabled={po === order.schoolsPO}>
            Save
          </Button>
        </Group>
      )}
      <Group mt="md">
        <Button onClick={download}>Download the tax invoice</Button>
        {!order.paid && (
          <Button component={Link} to={`/portal/pay/${order.payToken}`} variant="light">
            Pay
          </Button>
        )}
      </Group>
    </Card>
  );
}

export function PortalInvoicesScreen({ route }: ScreenComponentProps) {
  const { olympiadName = '' } = useParams();
  const mine = useMySchool(olympiadName);
  const olympiadId = mine.data?.olympiad.id;
  const entry = mine.data?.entry;
  const orders = useQuery({ ...myOrdersQuery(olympiadId ?? 0), enabled: olympiadId !== undefined && entry != null });
  const create = useCreateOrder();

  if (mine.isPending) return <Loader role="status" aria-label="Loading" />;
  if (mine.isError) return <Alert color="red">{mine.error.message}</Alert>;
  const makeOrder = async () => {
    if (!entry) return;
    const result = await create.mutateAsync({ customerParticipantId: entry.id });
    if (!result.ok) alertError(result.message);
  };
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">Your school's order for the {mine.data.olympiad.title}: its tax invoice, and how to pay by card or EFT.</Text>
      </div>
      {!entry && <Alert color="gray">Your school is not entered in this olympiad, or you are not in its team.</Alert>}
      {entry && orders.isPending && <Loader role="status" aria-label="Loading" />}
      {entry && orders.isError && <Alert color="red">Could not get invoices</Alert>}
      {entry && orders.data?.length === 0 && (
        <Card withBorder>
          <Text mb="sm">There is no order yet. Make one from the {entry.learnerCount} learners loaded; you can download its tax invoice and pay straight away.</Text>
          {mine.data.isTeamAdmin ? <Button onClick={makeOrder}>Make the order</Button> : <Text size="sm">A team admin of your school makes the order.</Text>}
        </Card>
      )}
      {orders.data?.map((order) => <OrderCard key={order.id} order={order} canManage={mine.data.isTeamAdmin} />)}
      <Text size="sm">
        Questions about an invoice? <Anchor component={Link} to={`/portal/${olympiadName}/faq`}>See the FAQ</Anchor>.
      </Text>
    </Stack>
  );
}
