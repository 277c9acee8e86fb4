// Reconciling a bank statement: the accountant uploads the bank's CSV (or XLSX) export, sees each credit
// beside the order whose reference it quotes, ticks the matches to confirm, and those orders are paid
// by EFT. A line whose amount differs from the order's total is shown but cannot be confirmed.
import { useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Stack, Text } from '@mantine/core';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { rands } from '@olympiad/shared/features/invoices/api/purchase-orders';
import { RecordTable } from '@olympiad/shared/ui/table/record-table';
import { useConfirmMatches, useMatchStatement, type StatementMatch } from '../api/orders';

const kindWords: Record<StatementMatch['kind'], string> = {
  exact: 'Reference and amount agree',
  amountDiffers: 'Reference found; amount differs',
  noReference: 'No order quoted',
};

export function ReconcilePanel({ olympiadId, onDone }: { olympiadId: number; onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [matches, setMatches] = useState<StatementMatch[] | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const matching = useMatchStatement();
  const confirm = useConfirmMatches();

  const read = async () => {
    if (!file) return;
    const result = await matching.mutateAsync({ olympiadId, file });
    if (!result.ok) return alertError(result.message);
    setMatches(result.data);
    setChosen(new Set(result.data.filter((m) => m.kind === 'exact').map((m) => m.line.line)));
  };
  const save = async () => {
    const confirmed = (matches ?? [])
      .filter((m) => m.kind === 'exact' && chosen.has(m.line.line) && m.purchaseOrderId != null)
      .map((m) => ({ purchaseOrderId: m.purchaseOrderId as number, line: m.line }));
    const result = await confirm.mutateAsync(confirmed);
    if (!result.ok) return alertError(result.message);
    onDone();
  };
  const toggle = (line: number) =>
    setChosen((was) => {
      const next = new Set(was);
      if (next.has(line)) next.delete(line);
      else next.add(line);
      return next;
    });

  return (
    <Stack>
      <Group align="flex-end">
        <FileInput label="Bank statement (CSV or XLSX)" description="Columns Date, Description and Amount (or Credit)" value={file} onChange={setFile} accept=".csv,.xlsx" w={360} />
        <Button onClick={read} disabled={!file}>
          Match
        </Button>
      </Group>
      {matches && matches.length === 0 && <Alert color="gray">The statement holds no credits.</Alert>}
      {matches && matches.length > 0 && (
        <>
          <RecordTable
            label="The statement's credits and their orders"
            striped
            rows={matches}
            rowKey={(m) => m.line.line}
            columns={[
              {
                header: 'Confirm',
                cell: (m) => <Checkbox aria-label={`Confirm line ${m.line.line}`} disabled={m.kind !== 'exact'} checked={chosen.has(m.line.line)} onChange={() => toggle(m.line.line)} />,
              },
              { header: 'Line', cell: (m) => m.line.line },
              { header: 'Date', cell: (m) => m.line.date },
              { header: 'Description', cell: (m) => m.line.description },
              { header: 'Amount', cell: (m) => rands(m.line.amountCents) },
              { header: 'Order', cell: (m) => m.reference ?? '' },
              { header: 'Match', cell: (m) => kindWords[m.kind] },
            ]}
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {chosen.size} of {matches.length} lines chosen
            </Text>
            <Button onClick={save} disabled={chosen.size === 0}>
              Mark the chosen orders paid
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
