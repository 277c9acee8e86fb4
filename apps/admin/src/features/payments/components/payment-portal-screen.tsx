// Payment Portal (accountant, funding): every order of the olympiad with filters paid, pre-approved,
// unpaid and deleted; each order's state, the school's order number, its discount (with the reason
// kept) and the discount e-mail; its invoice; its proofs of payment (opened, and the order marked paid
// from one); a fee waiver where a funder sponsors the school's entry; and reconciling a bank statement.
// A supplementary order (learners loaded after the entry's order was paid) is marked as such. Each
// order's history (discounts with their reasons, earlier invoices and credit notes, money received) opens
// from its row.
import { useMemo, useState } from 'react';
import { Badge, Button, Group, Modal, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { provinceOptions } from '@olympiad/shared/lib/south-africa';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { useCan } from '@olympiad/shared/access/can';
import { changeAction, deleteAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { RowModal } from '@olympiad/shared/resource/row-modal';
import { useRowDialog } from '@olympiad/shared/resource/use-row-dialog';
import { downloadInvoice, orderState, rands, useSetSchoolPo } from '@olympiad/shared/features/invoices/api/purchase-orders';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { ordersGrid, useDeleteOrder, useSendDiscountEmail, useSetDiscount, useSetOrderStatus, useSetSponsored, type OrderRow } from '../api/orders';
import { ReconcilePanel } from './reconcile-panel';
import { ProofsDialog } from './proofs-dialog';
import { OrderHistoryDialog } from './order-history-dialog';
import { queryLimits } from '@olympiad/shared/lib/field-limits';

const sponsored = queryLimits.set_sponsored.sponsoredPercent;

const stateOptions = [
  { value: 'unpaid', label: 'unpaid' },
  { value: 'pre', label: 'pre-approved' },
  { value: 'paid', label: 'paid' },
  { value: 'deleted', label: 'deleted' },
];

const stateColour: Record<string, string> = { paid: 'green', 'pre-approved': 'blue', unpaid: 'orange', deleted: 'gray' };

const columns: GridColumn<OrderRow>[] = [
  {
    id: 'reference',
    header: 'Reference',
    value: (o) => o.reference,
    // A supplementary order: for the learners loaded after the entry's earlier order was paid.
    cell: (o) =>
      o.supplementsOrderId != null ? (
        <Group gap={4} wrap="nowrap">
          {o.reference}
          <Badge size="xs" variant="light" color="grape" title="For the learners loaded after the entry's earlier order was paid">
            supplementary
          </Badge>
        </Group>
      ) : (
        o.reference
      ),
  },
  { id: 'customerName', header: 'School or country', value: (o) => o.customerName },
  { id: 'province', header: 'Province', value: (o) => o.province, filter: { type: 'select', options: provinceOptions } },
  {
    id: 'state',
    header: 'State',
    value: (o) => orderState(o),
    cell: (o) => <Badge variant="light" color={stateColour[orderState(o)]}>{orderState(o)}</Badge>,
    filter: { type: 'select', options: stateOptions },
    sortable: false,
  },
  { id: 'schoolsPO', header: "School's PO", value: (o) => o.schoolsPO, sortable: false },
  { id: 'learners', header: 'Learners', value: (o) => o.learners, width: 90 },
  { id: 'freeLearners', header: 'Free', value: (o) => o.freeLearners, sortable: false, width: 70 },
  { id: 'totalCents', header: 'Total (VAT incl.)', value: (o) => rands(o.totalCents), searchable: false },
  { id: 'sponsoredCents', header: 'Sponsored', value: (o) => (o.sponsoredCents ? rands(o.sponsoredCents) : ''), sortable: false, searchable: false },
  { id: 'receivedCents', header: 'Received', value: (o) => rands(o.receivedCents), sortable: false, searchable: false },
  {
    id: 'proofCount',
    header: 'Proofs',
    value: (o) => o.proofCount,
    cell: (o) => (o.proofCount > 0 ? <Badge variant="light" color={o.paid ? 'gray' : 'grape'}>{o.proofCount}</Badge> : ''),
    sortable: false,
    searchable: false,
    width: 80,
  },
  { id: 'createdAt', header: 'Made', value: (o) => formatDateTime(parseServerTime(o.createdAt)), searchable: false },
];

function DiscountDialog({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const setDiscount = useSetDiscount();
  const [freeLearners, setFree] = useState<number>(order.freeLearners);
  const [comment, setComment] = useState('');
  const save = async () => {
    const result = await setDiscount.mutateAsync({ id: order.id, freeLearners, comment });
    if (!result.ok) return alertError(result.message);
    onClose();
  };
  return (
    <Stack>
      <NumberInput label="Learners without charge" min={queryLimits.purchase_order_set_discount.freeLearners.minimum} max={order.learners} value={freeLearners} onChange={(v) => setFree(Number(v) || 0)} />
      <Textarea label="Why" description="Kept with the order" required value={comment} onChange={(e) => setComment(e.currentTarget.value)} maxLength={queryLimits.purchase_order_set_discount.comment.maxLength} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} disabled={!comment.trim()}>
          Save discount
        </Button>
      </Group>
    </Stack>
  );
}

function SponsorDialog({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const setSponsored = useSetSponsored();
  const current = order.subtotalCents > 0 ? Math.round((order.sponsoredCents * 100) / order.subtotalCents) : 0;
  const [percent, setPercent] = useState<number>(current);
  const save = async () => {
    const result = await setSponsored.mutateAsync({ id: order.id, sponsoredPercent: percent });
    if (!result.ok) return alertError(result.message);
    onClose();
  };
  return (
    <Stack>
      <NumberInput
        label="Share of the fees the funder pays (%)"
        description="100 waives the fees; 0 takes the sponsorship away. The invoice shows the sponsored part."
        min={sponsored.minimum}
        max={sponsored.maximum}
        value={percent}
        onChange={(v) => setPercent(Math.min(sponsored.maximum, Math.max(sponsored.minimum, Number(v) || 0)))}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save}>Save</Button>
      </Group>
    </Stack>
  );
}

function SchoolPoDialog({ order, onClose }: { order: OrderRow; onClose: () => void }) {
  const setPo = useSetSchoolPo();
  const [po, setPoValue] = useState(order.schoolsPO);
  const save = async () => {
    const result = await setPo.mutateAsync({ id: order.id, schoolsPO: po });
    if (!result.ok) return alertError(result.message);
    onClose();
  };
  return (
    <Stack>
      <TextInput label="The school's order number" value={po} maxLength={queryLimits.purchase_order_set_school_po.schoolsPO.maxLength} onChange={(e) => setPoValue(e.currentTarget.value)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save}>Save</Button>
      </Group>
    </Stack>
  );
}

export function PaymentPortalScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const can = useCan();
  const [fetchDeleted, setFetchDeleted] = useState(false);
  const grid = useMemo(() => ordersGrid(olympiadId, fetchDeleted), [olympiadId, fetchDeleted]);
  const setStatus = useSetOrderStatus();
  const remove = useDeleteOrder();
  const sendEmail = useSendDiscountEmail();
  const [discount, po, proofs, sponsor, history] = [useRowDialog<OrderRow>(), useRowDialog<OrderRow>(), useRowDialog<OrderRow>(), useRowDialog<OrderRow>(), useRowDialog<OrderRow>()];
  const [reconciling, setReconciling] = useState(false);
  const live = (o: OrderRow) => !o.deletedAt;

  const rowActions: RowAction<OrderRow>[] = [
    { label: 'History', operation: 'GET /api/purchase-order/{id}', run: history.open },
    changeAction<OrderRow>({
      label: 'Mark paid',
      operation: 'PUT /api/purchase-order/{id}',
      hidden: (o) => !live(o) || o.paid,
      confirm: (o) => ({ title: 'Mark this order paid?', message: `${o.customerName}: ${rands(o.totalCents)}, reference ${o.reference}.` }),
      change: (o) => setStatus.mutateAsync({ id: o.id, status: 'paid' }),
    }),
    changeAction<OrderRow>({
      label: 'Pre-approve',
      operation: 'PUT /api/purchase-order/{id}',
      hidden: (o) => !live(o) || o.preApproved || o.receivedCents > 0,
      change: (o) => setStatus.mutateAsync({ id: o.id, status: 'pre' }),
    }),
    changeAction<OrderRow>({
      label: 'Mark unpaid',
      operation: 'PUT /api/purchase-order/{id}',
      hidden: (o) => !live(o) || (!o.paid && !o.preApproved) || o.receivedCents > 0,
      change: (o) => setStatus.mutateAsync({ id: o.id, status: 'unpaid' }),
    }),
    { label: "School's PO", operation: 'PUT /api/purchase-order/set-school-po/{id}', hidden: (o) => !live(o), run: po.open },
    { label: 'Discount', operation: 'PUT /api/purchase-order/set-num-learners-discount/{id}', hidden: (o) => !live(o) || o.paid, run: discount.open },
    changeAction<OrderRow>({
      label: 'Send discount e-mail',
      operation: 'PUT /api/purchase-order/send-discount-email/{id}',
      hidden: (o) => !live(o) || o.freeLearners === 0,
      change: (o) => sendEmail.mutateAsync(o.id),
    }),
    { label: 'Sponsor', operation: 'PUT /api/purchase-order/set-sponsored/{id}', hidden: (o) => !live(o) || o.paid || o.schoolParticipantId == null, run: sponsor.open },
    { label: 'Proof of payment', operation: 'GET /api/purchase-order/{id}/proof/{proofId}', hidden: (o) => o.proofCount === 0, run: proofs.open },
    {
      label: 'Invoice',
      operation: 'POST /api/purchase-order/{id}/invoice',
      hidden: (o) => !live(o),
      run: async (o) => {
        const result = await downloadInvoice(o.id);
        if (!result.ok) alertError(result.message);
      },
    },
    deleteAction<OrderRow>({
      operation: 'DELETE /api/purchase-order/admin/{id}',
      confirm: (o) => ({ title: 'Delete this order?', message: `${o.customerName}'s order ${o.reference} leaves the list (it stays on record; show deleted orders to see it). Its invoice is cancelled by a credit note.` }),
      change: (o) => remove.mutateAsync(o.id),
    }),
  ];

  return (
    <ResourceGrid
      title={route.title}
      description="The purchase orders of this olympiad's schools and countries, their invoices and payments."
      label="Purchase orders"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ id: 'createdAt', desc: true }]}
      searchPlaceholder="Search by school, reference or order number"
      toolbar={
        <Group>
          <Switch label="Show deleted orders" checked={fetchDeleted} onChange={(e) => setFetchDeleted(e.currentTarget.checked)} />
          {can('POST /api/purchase-order/reconcile/preview') && olympiadId !== undefined && <Button onClick={() => setReconciling(true)}>Reconcile a bank statement</Button>}
        </Group>
      }
      dialogs={
        <>
          <RowModal dialog={discount} title={(o) => `Discount: ${o.customerName}`}>
            {(o) => <DiscountDialog order={o} onClose={discount.close} />}
          </RowModal>
          <RowModal dialog={po} title={(o) => `Order number: ${o.customerName}`}>
            {(o) => <SchoolPoDialog order={o} onClose={po.close} />}
          </RowModal>
          <RowModal dialog={sponsor} title={(o) => `Sponsor: ${o.customerName}`}>
            {(o) => <SponsorDialog order={o} onClose={sponsor.close} />}
          </RowModal>
          <RowModal dialog={history} title={(o) => `Order ${o.reference}: ${o.customerName}`} size="xl">
            {(o) => <OrderHistoryDialog order={o} />}
          </RowModal>
          <RowModal dialog={proofs} title={(o) => `Proof of payment: ${o.customerName}`} size="lg">
            {(o) => <ProofsDialog order={o} onClose={proofs.close} />}
          </RowModal>
          <Modal opened={reconciling} onClose={() => setReconciling(false)} title="Reconcile a bank statement" size="xl">
            {olympiadId !== undefined && <ReconcilePanel olympiadId={olympiadId} onDone={() => setReconciling(false)} />}
          </Modal>
        </>
      }
    />
  );
}
