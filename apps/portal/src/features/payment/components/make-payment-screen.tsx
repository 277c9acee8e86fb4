// Make Payment (public, /portal/pay/:uuid/:state?): what is owed, and two ways to pay it: by card
// through PayFast (a form post to the gateway, signed by the server) or by EFT with the banking details
// and the reference. `state` is the gateway's return: paid or cancelled.
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { rands } from '@olympiad/shared/features/invoices/api/purchase-orders';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { downloadPayInvoice, payPageQuery } from '../api/pay-page';

function ReturnNotice({ state, paid }: { state: string | undefined; paid: boolean }) {
  if (state === 'paid') {
    return paid ? (
      <Alert color="green" title="Thank you">
        Your payment is received and the order is paid.
      </Alert>
    ) : (
      <Alert color="blue" title="Thank you">
        PayFast is confirming your payment; this page shows it as paid once it has. You need not pay again.
      </Alert>
    );
  }
  if (state === 'cancelled') {
    return (
      <Alert color="orange" title="Payment cancelled">
        Nothing was paid. You can pay by card again or by EFT below.
      </Alert>
    );
  }
  return null;
}

export function MakePaymentScreen({ route }: ScreenComponentProps) {
  const { uuid = '', state } = useParams();
  const page = useQuery({ ...payPageQuery(uuid), refetchInterval: state === 'paid' ? 5000 : false });
  if (page.isPending) return <Loader role="status" aria-label="Loading" />;
  if (page.isError) {
    return (
      <Stack>
        <Title order={1}>{route.title}</Title>
        <Alert color="red" title="This link did not work">
          {page.error.message} Check that the whole link was copied from the e-mail. A teacher of the school also finds each order, with its Pay button, under Invoices in the portal.
        </Alert>
      </Stack>
    );
  }
  const p = page.data;
  const download = async () => {
    const result = await downloadPayInvoice(uuid);
    if (!result.ok) alertError(result.message);
  };
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">
          {p.customerName}: {p.olympiadTitle}
        </Text>
      </div>
      <ReturnNotice state={state} paid={p.paid} />
      {p.deleted && <Alert color="gray">This order was cancelled by the olympiad's office; nothing is owed on it.</Alert>}
      <Card withBorder>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Learners</Table.Th>
              <Table.Td>
                {p.learners}
                {p.freeLearners > 0 ? ` (${p.freeLearners} without charge)` : ''}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Excluding VAT</Table.Th>
              <Table.Td>{rands(p.subtotalCents)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">VAT</Table.Th>
              <Table.Td>{rands(p.vatCents)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{p.paid ? 'Paid' : 'To pay'}</Table.Th>
              <Table.Td fw={700}>{rands(p.totalCents)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Reference</Table.Th>
              <Table.Td>{p.reference}</Table.Td>
            </Table.Tr>
            {p.invoiceNumber && (
              <Table.Tr>
                <Table.Th scope="row">Tax invoice</Table.Th>
                <Table.Td>{p.invoiceNumber}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        <Group mt="md">
          {!p.deleted && (
            <Button variant="default" onClick={download}>
              Download the tax invoice
            </Button>
          )}
        </Group>
      </Card>
      {!p.paid && !p.deleted && (
        <>
          {p.payfast && (
            <Card withBorder>
              <Title order={2} size="h3" mb="xs">
                Pay by card
              </Title>
              <Text mb="sm">You pay on PayFast's secure page and come back here.</Text>
              <form method="post" action={p.payfast.action}>
                {p.payfast.fields.map((f) => (
                  <input key={f.name} type="hidden" name={f.name} value={f.value} />
                ))}
                <Button type="submit">Pay {rands(p.totalCents)} with PayFast</Button>
              </form>
            </Card>
          )}
          <Card withBorder>
            <Title order={2} size="h3" mb="xs">
              Pay by EFT
            </Title>
            <Text mb="xs">
              Pay {rands(p.totalCents)} into this account and quote the reference <strong>{p.reference}</strong>, so that we can match your payment:
            </Text>
            <List>
              {p.bankDetails.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            {p.preApproved && <Text mt="xs">Your order is pre-approved: your school's entry stands while the payment is on its way.</Text>}
          </Card>
        </>
      )}
    </Stack>
  );
}
