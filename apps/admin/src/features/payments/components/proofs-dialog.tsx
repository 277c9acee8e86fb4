// An order's proofs of payment as its school uploaded them: each opened, and the order marked paid from
// one (the payment is recorded with the proof, once).
import { Alert, Badge, Button, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { useCan } from '@olympiad/shared/access/can';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { RecordTable } from '@olympiad/shared/ui/table/record-table';
import { downloadProof, orderQuery, rands, type PaymentProof } from '@olympiad/shared/features/invoices/api/purchase-orders';
import { useAcceptProof, type OrderRow } from '../api/orders';

export function ProofsDialog({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const detail = useQuery(orderQuery(order.id));
  const accept = useAcceptProof();
  const can = useCan();
  const open = async (proof: PaymentProof) => {
    const result = await downloadProof(order.id, proof);
    if (!result.ok) alertError(result.message);
  };
  const markPaid = async (proof: PaymentProof) => {
    const result = await accept.mutateAsync({ id: order.id, proofId: proof.id });
    if (!result.ok) return alertError(result.message);
    onClose();
  };
  if (detail.isPending) return <Loader role="status" aria-label="Loading the proofs" />;
  if (detail.isError) return <Alert color="red">{detail.error.message}</Alert>;
  const paid = detail.data.paid;
  return (
    <Stack>
      <Text size="sm">
        {order.customerName}, reference {order.reference}: {rands(detail.data.totalCents)} owed{paid ? ', paid' : ''}. Check the proof against the bank
        before marking the order paid.
      </Text>
      <RecordTable
        label="Proofs of payment"
        rows={detail.data.proofs}
        rowKey={(proof) => proof.id}
        columns={[
          { header: 'File', cell: (proof) => proof.filename },
          { header: 'Uploaded', cell: (proof) => formatDateTime(parseServerTime(proof.createdAt)) },
          { header: 'State', cell: (proof) => (proof.acceptedAt ? <Badge color="green">accepted</Badge> : <Badge variant="light">to check</Badge>) },
          {
            header: <VisuallyHidden>Actions</VisuallyHidden>,
            cell: (proof) => (
              <Group gap="xs" justify="flex-end">
                <Button size="xs" variant="default" onClick={() => open(proof)}>
                  Open
                </Button>
                {!paid && can('PUT /api/purchase-order/{id}/proof/{proofId}/accept') && (
                  <Button size="xs" onClick={() => markPaid(proof)} loading={accept.isPending}>
                    Mark paid from this proof
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
