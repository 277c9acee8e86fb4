// What the olympiad charges: the usual fee per learner and VAT, optional grade bands with their own fee,
// and optional early-bird (orders made before a date) and late (orders made from a date) fees. The band
// fees move with the early-bird or late fee by the same difference; the server checks each field.
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { useSetFees, type FeeSchedule } from '../api/orders';
import { limits } from '@olympiad/shared/lib/field-limits';

// The server keeps VAT in basis points; the form shows per cent.
const vatBasisPoints = limits.FeesInput.vatBasisPoints;
const { learnerFeeCents, bands: bandCount } = limits.FeesInput;
const { gradeFrom, gradeTo, feeCents: bandFeeCents } = limits.FeeBand;
const datedFeeCents = limits.DatedFee.feeCents;

type Band = { gradeFrom: number; gradeTo: number; fee: number };
type Dated = { on: boolean; date: string; fee: number };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const rand = (cents: number) => cents / 100;
const cents = (rands: number) => Math.round(rands * 100);

function datedOf(fee: FeeSchedule['early']): Dated {
  return fee ? { on: true, date: fee.date, fee: rand(fee.feeCents) } : { on: false, date: '', fee: 0 };
}

function DatedFields({ label, help, value, onChange }: { label: string; help: string; value: Dated; onChange: (d: Dated) => void }) {
  return (
    <Group align="flex-end">
      <Checkbox label={label} description={help} checked={value.on} onChange={(e) => onChange({ ...value, on: e.currentTarget.checked })} w={260} />
      {value.on && (
        <>
          <TextInput label="Date (YYYY-MM-DD)" value={value.date} onChange={(e) => onChange({ ...value, date: e.currentTarget.value })} error={value.date && !DATE.test(value.date) ? 'A date like 2026-03-01' : undefined} w={180} />
          <NumberInput label="Fee per learner (R)" min={rand(datedFeeCents.minimum)} max={rand(datedFeeCents.maximum)} decimalScale={2} value={value.fee} onChange={(v) => onChange({ ...value, fee: Number(v) || 0 })} w={180} />
        </>
      )}
    </Group>
  );
}

export function FeesForm({ olympiadId, schedule }: { olympiadId: number; schedule: FeeSchedule }) {
  const setFees = useSetFees();
  const [fee, setFee] = useState(rand(schedule.learnerFeeCents));
  const [vat, setVat] = useState(schedule.vatBasisPoints / 100);
  const [bands, setBands] = useState<Band[]>([]);
  const [early, setEarly] = useState<Dated>(datedOf(schedule.early));
  const [late, setLate] = useState<Dated>(datedOf(schedule.late));
  useEffect(() => {
    setFee(rand(schedule.learnerFeeCents));
    setVat(schedule.vatBasisPoints / 100);
    setBands(schedule.bands.map((b) => ({ gradeFrom: b.gradeFrom, gradeTo: b.gradeTo, fee: rand(b.feeCents) })));
    setEarly(datedOf(schedule.early));
    setLate(datedOf(schedule.late));
  }, [schedule]);
  const setBand = (i: number, change: Partial<Band>) => setBands(bands.map((b, j) => (i === j ? { ...b, ...change } : b)));
  const save = async () => {
    const result = await setFees.mutateAsync({
      olympiadId,
      body: {
        learnerFeeCents: cents(fee),
        vatBasisPoints: Math.round(vat * 100),
        bands: bands.map((b) => ({ gradeFrom: b.gradeFrom, gradeTo: b.gradeTo, feeCents: cents(b.fee) })),
        early: early.on ? { date: early.date, feeCents: cents(early.fee) } : null,
        late: late.on ? { date: late.date, feeCents: cents(late.fee) } : null,
      },
    });
    if (!result.ok) alertError(result.message);
  };
  return (
    <Stack>
      <Group align="flex-end">
        <NumberInput label="Fee per learner (R, VAT excluded)" min={rand(learnerFeeCents.minimum)} max={rand(learnerFeeCents.maximum)} decimalScale={2} value={fee} onChange={(v) => setFee(Number(v) || 0)} />
        <NumberInput label="VAT (%)" min={vatBasisPoints.minimum / 100} max={vatBasisPoints.maximum / 100} decimalScale={2} value={vat} onChange={(v) => setVat(Number(v) || 0)} />
      </Group>
      <div>
        <Text fw={600} size="sm">
          Grade bands
        </Text>
        <Text size="sm" c="dimmed">
          Learners in a band pay its fee; the others pay the fee per learner.
        </Text>
      </div>
      {bands.map((band, i) => (
        <Group key={i} align="flex-end">
          <NumberInput label="From grade" min={gradeFrom.minimum} max={gradeFrom.maximum} value={band.gradeFrom} onChange={(v) => setBand(i, { gradeFrom: Number(v) || 0 })} w={120} />
          <NumberInput label="To grade" min={gradeTo.minimum} max={gradeTo.maximum} value={band.gradeTo} onChange={(v) => setBand(i, { gradeTo: Number(v) || 0 })} w={120} />
          <NumberInput label="Fee per learner (R)" min={rand(bandFeeCents.minimum)} max={rand(bandFeeCents.maximum)} decimalScale={2} value={band.fee} onChange={(v) => setBand(i, { fee: Number(v) || 0 })} w={180} />
          <ActionIcon variant="default" size="lg" aria-label={`Remove the band of grades ${band.gradeFrom} to ${band.gradeTo}`} onClick={() => setBands(bands.filter((_, j) => j !== i))}>
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="default" size="xs" onClick={() => setBands([...bands, { gradeFrom: 10, gradeTo: 12, fee }])} disabled={bands.length >= bandCount.maxItems}>
          Add a grade band
        </Button>
      </Group>
      <DatedFields label="Early-bird fee" help="For orders made before the date" value={early} onChange={setEarly} />
      <DatedFields label="Late fee" help="For orders made on or after the date" value={late} onChange={setLate} />
      <Group>
        <Button onClick={save} loading={setFees.isPending}>
          Save fees
        </Button>
      </Group>
    </Stack>
  );
}
