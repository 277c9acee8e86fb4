// Invoices (teacher): the school's order in this olympiad, worked out from the learners loaded, with its
// tax invoice to download, the school's own order number, the way to pay (the payment page), and the
// bank's proof of an EFT to upload for the office to check. Learners loaded after an order is paid go
// on a supplementary order, listed here as another order. A teacher who leads an igeo country's team
// (the country's entry names their e-mail address) sees the country's orders here too, the same way.
// A team admin may withdraw an order that nothing is paid or promised on (made too early, or the school
// is not taking part after all); it stays on record for the office. "Could not get invoices" when they
// cannot be loaded.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Card, FileInput, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { useConfirm } from '@olympiad/shared/ui/confirm/confirm-dialog';
import {
  countryOrdersQuery,
  downloadInvoice,
  myCountriesQuery,
  myOrdersQuery,
  orderState,
  PROOF_TYPES,
  rands,
  useCreateOrder,
  useSetSchoolPo,
  useUploadProof,
  useWithdrawOrder,
} from '@olympiad/shared/features/invoices/api/purchase-orders';
import type { PurchaseOrderRow } from '@olympiad/shared/features/invoices/api/get-invoices';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useMySchool } from '../../school/api/get-my-school';
import { queryLimits } from '@olympiad/shared/lib/field-limits';

/** The bank's proof of an EFT, for the office to check and mark the order paid. */
function ProofUpload({ order }: { order: PurchaseOrderRow }) {
  const upload = useUploadProof();
  const [file, setFile] = useState<File | null>(null);
  const send = async () => {
    if (!file) return;
    const result = await upload.mutateAsync({ id: order.id, file });
    if (result.ok) setFile(null);
    else alertError(result.message);
  };
  return (
    <Stack gap="xs" mt="md">
      <Group align="flex-end">
        <FileInput label="Proof of payment (PDF, JPEG or PNG, at most 5 MB)" placeholder="Choose the bank's proof" accept={PROOF_TYPES} value={file} onChange={setFile} clearable w={340} />
        <Button variant="default" onClick={send} disabled={!file} loading={upload.isPending}>
          Upload the proof
        </Button>
      </Group>
      {order.proofCount > 0 && (
        <Text size="sm" c="dimmed">
          {order.proofCount === 1 ? 'One proof is' : `${order.proofCount} proofs are`} with the office; the order shows paid once they have checked it.
        </Text>
      )}
    </Stack>
  );
}

/** Whether the school may still take the order back: the office neither received money for it nor
 * pre-approved it (the server holds the same rule). */
const withdrawable = (order: PurchaseOrderRow) => !order.paid && !order.preApproved && !order.deletedAt && order.receivedCents === 0;

function OrderCard({ order, canManage }: { order: PurchaseOrderRow; canManage: boolean }) {
  const setPo = useSetSchoolPo();
  const withdraw = useWithdrawOrder();
  const confirm = useConfirm();
  const [po, setPoValue] = useState(order.schoolsPO);
  const state = orderState(order);
  const download = async () => {
    const result = await downloadInvoice(order.id);
    if (!result.ok) alertError(result.message);
  };
  const takeBack = async () => {
    const sure = await confirm({
      title: 'Withdraw this order?',
      message: `Order ${order.reference} for ${rands(order.totalCents)} is cancelled, with its invoice. Do not pay it afterwards. You can make a new order later.`,
      confirmLabel: 'Withdraw the order',
      danger: true,
    });
    if (!sure) return;
    const result = await withdraw.mutateAsync({ id: order.id, schoolParticipantId: order.schoolParticipantId });
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
          {order.feeLines.length === 0 ? (
            <Table.Tr>
              <Table.Th scope="row">Price per learner (VAT excluded)</Table.Th>
              <Table.Td>{rands(order.unitCents)}</Table.Td>
            </Table.Tr>
          ) : (
            order.feeLines.map((line) => (
              <Table.Tr key={line.label}>
                <Table.Th scope="row">{line.label}</Table.Th>
                <Table.Td>
                  {line.learners - line.freeLearners} × {rands(line.unitCents)} = {rands(line.amountCents)}
                </Table.Td>
              </Table.Tr>
            ))
          )}
          {order.sponsoredCents > 0 && (
            <Table.Tr>
              <Table.Th scope="row">Sponsored by the funder</Table.Th>
              <Table.Td>-{rands(order.sponsoredCents)}</Table.Td>
            </Table.Tr>
          )}
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
      {order.supplementsOrderId != null && (
        <Text size="sm" mt="xs">
          A supplementary order: for the learners loaded after your school&apos;s earlier order was paid. It has its own reference, invoice and payment.
        </Text>
      )}
      {!order.paid && <Text size="sm" c="dimmed" mt="xs">The amount follows the number of learners loaded until it is paid; learners loaded after that go on a supplementary order.</Text>}
      {canManage && !order.paid && (
        <Group align="flex-end" mt="md">
          <TextInput label="Your school's order number" value={po} maxLength={queryLimits.purchase_order_set_school_po.schoolsPO.maxLength} onChange={(e) => setPoValue(e.currentTarget.value)} />
          <Button variant="default" onClick={savePo} disabled={po === order.schoolsPO}>
            Save
          </Button>
        </Group>
      )}
      {!order.paid && !order.deletedAt && <ProofUpload order={order} />}
      <Group mt="md">
        <Button onClick={download}>Download the tax invoice</Button>
        {!order.paid && (
          <Button component={Link} to={`/portal/pay/${order.payToken}`} variant="light">
            Pay
          </Button>
        )}
        {canManage && withdrawable(order) && (
          <Button variant="subtle" color="red" onClick={takeBack} loading={withdraw.isPending}>
            Withdraw the order
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** A country's orders and invoices, for the team leader the country's entry names. */
function CountryOrders({ olympiadId, country }: { olympiadId: number; country: { countryParticipantId: number; countryName: string } }) {
  const orders = useQuery(countryOrdersQuery(olympiadId, country.countryParticipantId));
  const create = useCreateOrder();
  const makeOrder = async () => {
    const result = await create.mutateAsync({ countryParticipantId: country.countryParticipantId });
    if (!result.ok) alertError(result.message);
  };
  return (
    <Stack>
      <Title order={2} size="h3">
        {country.countryName}: the country&apos;s orders
      </Title>
      {orders.isPending && <Loader role="status" aria-label={`Loading ${country.countryName}'s orders`} />}
      {orders.isError && <Alert color="red">Could not get invoices</Alert>}
      {orders.data?.length === 0 && (
        <Card withBorder>
          <Text mb="sm">There is no order for {country.countryName} yet. Make one from the team entered; you can download its tax invoice and pay straight away.</Text>
          <Button onClick={makeOrder}>Make the country&apos;s order</Button>
        </Card>
      )}
      {orders.data?.map((order) => <OrderCard key={order.id} order={order} canManage />)}
    </Stack>
  );
}

export function PortalInvoicesScreen({ route }: ScreenComponentProps) {
  const { olympiadName = '' } = useParams();
  const mine = useMySchool(olympiadName);
  const olympiadId = mine.data?.olympiad.id;
  const entry = mine.data?.entry;
  const orders = useQuery({ ...myOrdersQuery(olympiadId ?? 0), enabled: olympiadId !== undefined && entry != null });
  const create = useCreateOrder();
  const countries = useQuery({ ...myCountriesQuery(olympiadId ?? 0), enabled: olympiadId !== undefined });

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
      {!entry && !countries.data?.length && <Alert color="gray">Your school is not entered in this olympiad, or you are not in its team.</Alert>}
      {entry && orders.isPending && <Loader role="status" aria-label="Loading" />}
      {entry && orders.isError && <Alert color="red">Could not get invoices</Alert>}
      {entry && orders.data?.length === 0 && (
        <Card withBorder>
          <Text mb="sm">There is no order yet. Make one from the {entry.learnerCount} learners loaded; you can download its tax invoice and pay straight away.</Text>
          {mine.data.isTeamAdmin ? <Button onClick={makeOrder}>Make the order</Button> : <Text size="sm">A team admin of your school makes the order.</Text>}
        </Card>
      )}
      {orders.data?.map((order) => <OrderCard key={order.id} order={order} canManage={mine.data.isTeamAdmin} />)}
      {olympiadId !== undefined && countries.data?.map((country) => <CountryOrders key={country.countryParticipantId} olympiadId={olympiadId} country={country} />)}
      <Text size="sm">
        Questions about an invoice? <Anchor component={Link} to={`/portal/${olympiadName}/faq`}>See the FAQ</Anchor>.
      </Text>
    </Stack>
  );
}
