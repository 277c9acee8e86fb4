// /:olympiadName/admin/results/edit-certificates: the olympiad's certificate design (its heading,
// signatory, date, what of the score is shown, a template per award with its words and colour, and
// where each thing sits on the page), beside a live preview of the certificate as it will print.
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  ColorInput,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCan } from '@olympiad/shared/access/can';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';
import { useCertificateConfig, useSaveCertificateConfig, type CertificateDesign, type Placement } from '../api/certificate-config';

export function EditCertificatesScreen({ route }: ScreenComponentProps) {
  const olympiadId = useOlympiadId();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">How every learner's certificate looks. The preview shows it as it prints (A4, landscape).</Text>
      </div>
      {olympiadId === null ? <Loader role="status" aria-label="Loading" /> : <Editor olympiadId={olympiadId} />}
    </Stack>
  );
}

type FieldName = keyof CertificateDesign['positions'];
const fieldNames: { name: FieldName; label: string }[] = [
  { name: 'heading', label: 'Heading' },
  { name: 'name', label: "Learner's name" },
  { name: 'school', label: 'School' },
  { name: 'award', label: 'Award' },
  { name: 'score', label: 'Score or percentile' },
  { name: 'date', label: 'Date' },
  { name: 'signature', label: 'Signature' },
];

function Editor({ olympiadId }: { olympiadId: number }) {
  const config = useCertificateConfig(olympiadId);
  const save = useSaveCertificateConfig(olympiadId);
  const can = useCan();
  const [design, setDesign] = useState<CertificateDesign | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [previewAward, setPreviewAward] = useState<string>('gold');
  useEffect(() => {
    if (config.data) setDesign(config.data);
  }, [config.data]);
  if (config.isPending || (config.data && !design)) return <Loader role="status" aria-label="Loading the certificate design" />;
  if (config.isError) return <Alert color="red">{config.error.message}</Alert>;
  if (!design) return null;
  const editable = can('POST /api/certificate/config/{id}');
  const setPlacement = (name: FieldName, placement: Partial<Placement>) =>
    setDesign({ ...design, positions: { ...design.positions, [name]: { ...design.positions[name], ...placement } } });
  const number = (value: string | number, fallback: number) => (typeof value === 'number' ? value : Number(value) || fallback);
  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xl">
      <Stack>
        <Paper withBorder radius="md" p="md">
          <Stack>
            <TextInput label="Heading" description="Empty: the olympiad's title" value={design.heading} maxLength={120} error={errors.heading} disabled={!editable} onChange={(e) => setDesign({ ...design, heading: e.currentTarget.value })} />
            <TextInput label="Signatory" required value={design.signature} maxLength={120} error={errors.signature} disabled={!editable} onChange={(e) => setDesign({ ...design, signature: e.currentTarget.value })} />
            <TextInput label="Date printed" description="Empty: the day the certificates are made" value={design.date} maxLength={60} error={errors.date} disabled={!editable} onChange={(e) => setDesign({ ...design, date: e.currentTarget.value })} />
            <div>
              <Text size="sm" fw={500} mb={4} id="score-shown">
                Shows the learner's
              </Text>
              <SegmentedControl
                aria-labelledby="score-shown"
                disabled={!editable}
                value={design.score}
                onChange={(value) => setDesign({ ...design, score: value as CertificateDesign['score'] })}
                data={[
                  { value: 'percentile', label: 'Percentile' },
                  { value: 'score', label: 'Score' },
                  { value: 'none', label: 'Neither' },
                ]}
              />
            </div>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            Templates per award
          </Title>
          <Stack>
            {design.awards.map((template, index) => (
              <Group key={template.award} align="flex-end" wrap="nowrap">
                <TextInput
                  label={`${template.award.charAt(0).toUpperCase()}${template.award.slice(1)}: words printed`}
                  value={template.title}
                  maxLength={80}
                  error={errors[`awards[${index}].title`]}
                  disabled={!editable}
                  style={{ flex: 1 }}
                  onChange={(e) => {
                    const awards = [...design.awards];
                    awards[index] = { ...template, title: e.currentTarget.value };
                    setDesign({ ...design, awards });
                  }}
                />
                <ColorInput
                  label="Frame"
                  format="hex"
                  w={130}
                  value={template.colour}
                  error={errors[`awards[${index}].colour`]}
                  disabled={!editable}
                  onChange={(colour) => {
                    const awards = [...design.awards];
                    awards[index] = { ...template, colour };
                    setDesign({ ...design, awards });
                  }}
                />
                <Checkbox
                  label="Issued"
                  mb={8}
                  checked={template.issued}
                  disabled={!editable}
                  onChange={(e) => {
                    const awards = [...design.awards];
                    awards[index] = { ...template, issued: e.currentTarget.checked };
                    setDesign({ ...design, awards });
                  }}
                />
              </Group>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            Positions
          </Title>
          <Table aria-label="Where each thing sits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Text</Table.Th>
                <Table.Th>Across (%)</Table.Th>
                <Table.Th>Down (%)</Table.Th>
                <Table.Th>Size (pt)</Table.Th>
                <Table.Th>Bold</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fieldNames.map(({ name, label }) => {
                const p = design.positions[name];
                return (
                  <Table.Tr key={name}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={`${label}: across`} min={0} max={100} value={p.x} error={errors[`positions.${name}.x`]} disabled={!editable} onChange={(v) => setPlacement(name, { x: number(v, p.x) })} />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={`${label}: down`} min={0} max={100} value={p.y} error={errors[`positions.${name}.y`]} disabled={!editable} onChange={(v) => setPlacement(name, { y: number(v, p.y) })} />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={`${label}: size`} min={6} max={72} value={p.size} error={errors[`positions.${name}.size`]} disabled={!editable} onChange={(v) => setPlacement(name, { size: number(v, p.size) })} />
                    </Table.Td>
                    <Table.Td>
                      <Checkbox aria-label={`${label}: bold`} checked={p.bold} disabled={!editable} onChange={(e) => setPlacement(name, { bold: e.currentTarget.checked })} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
        {editable && (
          <Group justify="flex-end">
            <Button
              loading={saving}
              onClick={async () => {
                setSaving(true);
                const result = await save(design);
                setSaving(false);
                setErrors(result.ok ? {} : result.fields);
              }}
            >
              Save
            </Button>
          </Group>
        )}
      </Stack>
      <Stack>
        <Select
          label="Preview the certificate of"
          value={previewAward}
          onChange={(value) => setPreviewAward(value ?? 'gold')}
          data={design.awards.map((t) => ({ value: t.award, label: t.title || t.award }))}
          maw={320}
        />
        <Preview design={design} award={previewAward} />
      </Stack>
    </SimpleGrid>
  );
}

/** The certificate drawn as the PDF draws it: A4 landscape, each text centred on its position. */
function Preview({ design, award }: { design: CertificateDesign; award: string }) {
  const template = design.awards.find((t) => t.award === award) ?? design.awards[0];
  const sample: Record<FieldName, string> = {
    heading: design.heading,
    name: 'Zoë Ŋwenya-Mašilo',
    school: 'Hoërskool Waterkloof',
    award: template?.title ?? '',
    score: design.score === 'none' ? '' : design.score === 'score' ? 'Score: 57' : 'Percentile: 97.5',
    date: design.date,
    signature: design.signature,
  };
  return (
    <div
      role="img"
      aria-label={`Preview of the ${template?.title ?? ''} certificate`}
      data-testid="certificate-preview"
      style={{
        position: 'relative',
        width: '100%',
        aspectRatio: '842 / 595',
        background: 'white',
        boxShadow: '0 1px 6px rgba(0,0,0,0.25)',
        containerType: 'inline-size',
        fontFamily: '"DejaVu Sans", Verdana, sans-serif',
        color: '#111',
        overflow: 'hidden',
      }}
    >
      {template && <div aria-hidden="true" style={{ position: 'absolute', inset: '2.85cqw', border: `0.7cqw solid ${template.colour}` }} />}
      {template && <div aria-hidden="true" style={{ position: 'absolute', inset: '4.3cqw', border: `0.12cqw solid ${template.colour}` }} />}
      {fieldNames.map(({ name }) => {
        const p = design.positions[name];
        return (
          <div
            key={name}
            aria-hidden="true"
            style={{
              position: 'absolute',
              left: `${p.x}%`,
              top: `${p.y}%`,
              transform: 'translate(-50%, -50%)',
              whiteSpace: 'nowrap',
              // Points on an 842-point-wide page, as a share of the preview's width.
              fontSize: `${(p.size * 100) / 842}cqw`,
              fontWeight: p.bold ? 700 : 400,
            }}
          >
            {sample[name]}
          </div>
        );
      })}
    </div>
  );
}
