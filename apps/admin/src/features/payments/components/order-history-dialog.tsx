// An order's history for the accountant: each discount with its reason and who gave it, every invoice
// and credit note issued for it (each opened as the school received it), and the money received, with
// how and by whom it was recorded.
import { Alert, Badge, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { RecordTable } from '@olympiad/shared/ui/table/record-table';
import { downloadInvoice, orderQuery, rands, type OrderDetail } from '@olympiad/shared/features/invoices/api/purchase-orders';
import type { OrderRow } from '../api/orders';

type Document = OrderDetail['invoices'][number];

const when = (at: string) => formatDateTime(parseServerTime(at));

const paidBy: Record<string, string> = { card: 'Card (PayFast)', eft: 'EFT' };

export function OrderHistoryDialog({ order }: { order: OrderRow }) {
  const detail = useQuery(orderQuery(order.id));
  if (detail.isPending) return <Loader role="status" aria-label="Loading the order's history" />;
  if (detail.isError) return <Alert color="red">{detail.error.message}</Alert>;
  const { comments, invoices, payments } = detail.data;
  const numbers = new Map(invoices.map((d) => [d.id, d.documentNumber]));
  const open = async (document: Document) => {
    const result = await downloadInvoice(order.id, document.id);
    if (!result.ok) alertError(result.message);
  };
  return (
    <Stack>
      <Text size="sm">
        {order.customerName}, reference {order.reference}: {rands(detail.data.totalCents)} owed, {rands(detail.data.receivedCents)} received.
      </Text>

      <Title order={3} size="h4">
        Discounts
      </Title>
      <RecordTable
        label="Discounts"
        rows={comments}
        rowKey={(c) => c.id}
        empty="No discount was given."
        columns={[
          { header: 'When', cell: (c) => when(c.createdAt) },
          { header: 'Learners without charge', cell: (c) => c.freeLearners },
          { header: 'Why', cell: (c) => c.comment },
          { header: 'By', cell: (c) => c.byName ?? '' },
        ]}
      />

      <Title order={3} size="h4">
        Invoices and credit notes
      </Title>
      <RecordTable
        label="Invoices and credit notes"
        rows={invoices}
        rowKey={(d) => d.id}
        empty="No invoice is issued yet; one is issued when it is first downloaded."
        columns={[
          { header: 'Number', cell: (d) => d.documentNumber },
          { header: 'Issued', cell: (d) => when(d.issuedAt) },
          {
            header: 'Kind',
            cell: (d) =>
              d.creditNote ? (
                <Badge variant="light" color="gray">
                  credit note for {d.creditsInvoiceId != null ? numbers.get(d.creditsInvoiceId) : 'an invoice'}
                </Badge>
              ) : (
                <Badge variant="light">tax invoice</Badge>
              ),
          },
          { header: 'Learners', cell: (d) => d.learners },
          { header: 'Total', cell: (d) => rands(d.totalCents) },
          {
            header: 'File',
            cell: (d) => (
              <Button size="xs" variant="default" onClick={() => open(d)} aria-label={`Open ${d.documentNumber}`}>
                Open
              </Button>
            ),
          },
        ]}
      />

      <Title order={3} size="h4">
        Payments received
      </Title>
      <RecordTable
        label="Payments received"
        rows={payments}
        rowKey={(p) => p.id}
        empty="Nothing is received yet."
        columns={[
          { header: 'When', cell: (p) => when(p.createdAt) },
          { header: 'How', cell: (p) => paidBy[p.method] ?? p.method },
          { header: 'Amount', cell: (p) => rands(p.amountCents) },
          { header: 'Recorded by', cell: (p) => p.recordedByName ?? (p.method === 'card' ? 'PayFast' : '') },
        ]}
      />
    </Stack>
  );
}
