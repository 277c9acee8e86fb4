// /:olympiadName/admin/results/edit-certificates: the olympiad's certificate design (its heading,
// signatory, date, what of the score is shown, a template per award with its words, colour, background
// and signature pictures, and where each thing sits on the page), beside the certificate itself: the PDF
// the run makes from the design as edited, made again a moment after each change, before it is saved.
import { useEffect, useRef, useState } from 'react';
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
import { useRecordDraft } from '@olympiad/shared/resource/use-record-draft';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';
import { fetchCertificatePreview, useCertificateConfig, useSaveCertificateConfig, type AwardTemplate, type CertificateDesign, type Placement } from '../api/certificate-config';
import { useModeratedCertificates } from '../api/certificate-runs';
import { TemplatePictures } from './certificate-pictures';
import { limits } from '@olympiad/shared/lib/field-limits';

const certificate = limits.CertificateDesign;

export function EditCertificatesScreen({ route }: ScreenComponentProps) {
  const olympiadId = useOlympiadId();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">How every learner's certificate looks. The preview is the PDF itself, as it prints (A4, landscape).</Text>
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
  if (config.isPending) return <Loader role="status" aria-label="Loading the certificate design" />;
  if (config.isError) return <Alert color="red">{config.error.message}</Alert>;
  return <DesignEditor olympiadId={olympiadId} saved={config.data} />;
}

function DesignEditor({ olympiadId, saved }: { olympiadId: number; saved: CertificateDesign }) {
  const save = useSaveCertificateConfig(olympiadId);
  const can = useCan();
  const { draft: design, change, errors, submit, saving } = useRecordDraft({ record: saved, save: save.mutateAsync });
  const [previewAward, setPreviewAward] = useState<string>('gold');
  const [previewLearner, setPreviewLearner] = useState<string | null>(null);
  const editable = can('POST /api/certificate/config/{id}');
  const setPlacement = (name: FieldName, placement: Partial<Placement>) => change({ positions: { ...design.positions, [name]: { ...design.positions[name], ...placement } } });
  const setTemplate = (index: number, template: AwardTemplate) => change({ awards: design.awards.map((t, i) => (i === index ? template : t)) });
  const number = (value: string | number, fallback: number) => (typeof value === 'number' ? value : Number(value) || fallback);
  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xl">
      <Stack>
        <Paper withBorder radius="md" p="md">
          <Stack>
            <TextInput label="Heading" description="Empty: the olympiad's title" value={design.heading} maxLength={certificate.heading.maxLength} error={errors.heading} disabled={!editable} onChange={(e) => change({ heading: e.currentTarget.value })} />
            <TextInput label="Signatory" required value={design.signature} maxLength={certificate.signature.maxLength} error={errors.signature} disabled={!editable} onChange={(e) => change({ signature: e.currentTarget.value })} />
            <TextInput label="Date printed" description="Empty: the day the certificates are made" value={design.date} maxLength={certificate.date.maxLength} error={errors.date} disabled={!editable} onChange={(e) => change({ date: e.currentTarget.value })} />
            <div>
              <Text size="sm" fw={500} mb={4} id="score-shown">
                Shows the learner's
              </Text>
              <SegmentedControl
                aria-labelledby="score-shown"
                disabled={!editable}
                value={design.score}
                onChange={(value) => change({ score: value as CertificateDesign['score'] })}
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
              <Stack key={template.award} gap="xs">
              <Group align="flex-end" wrap="nowrap">
                <TextInput
                  label={`${template.award.charAt(0).toUpperCase()}${template.award.slice(1)}: words printed`}
                  value={template.title}
                  maxLength={limits.AwardTemplate.title.maxLength}
                  error={errors[`awards[${index}].title`]}
                  disabled={!editable}
                  style={{ flex: 1 }}
                  onChange={(e) => setTemplate(index, { ...template, title: e.currentTarget.value })}
                />
                <ColorInput
                  label="Frame"
                  format="hex"
                  withEyeDropper={false}
                  w={130}
                  value={template.colour}
                  error={errors[`awards[${index}].colour`]}
                  disabled={!editable}
                  onChange={(colour) => setTemplate(index, { ...template, colour })}
                />
                <Checkbox
                  label="Issued"
                  mb={8}
                  checked={template.issued}
                  disabled={!editable}
                  onChange={(e) => setTemplate(index, { ...template, issued: e.currentTarget.checked })}
                />
              </Group>
              <TemplatePictures
                olympiadId={olympiadId}
                template={template}
                index={index}
                label={`${template.award.charAt(0).toUpperCase()}${template.award.slice(1)}`}
                editable={editable}
                errors={errors}
                onChange={(changed) => setTemplate(index, changed)}
              />
              </Stack>
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
                      <NumberInput aria-label={`${label}: across`} min={limits.Placement.x.minimum} max={limits.Placement.x.maximum} value={p.x} error={errors[`positions.${name}.x`]} disabled={!editable} onChange={(v) => setPlacement(name, { x: number(v, p.x) })} />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={`${label}: down`} min={limits.Placement.y.minimum} max={limits.Placement.y.maximum} value={p.y} error={errors[`positions.${name}.y`]} disabled={!editable} onChange={(v) => setPlacement(name, { y: number(v, p.y) })} />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={`${label}: size`} min={limits.Placement.size.minimum} max={limits.Placement.size.maximum} value={p.size} error={errors[`positions.${name}.size`]} disabled={!editable} onChange={(v) => setPlacement(name, { size: number(v, p.size) })} />
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
            <Button loading={saving} onClick={() => void submit()}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
      <Stack>
        <Group>
          <Select
            label="Preview the certificate of"
            value={previewAward}
            onChange={(value) => setPreviewAward(value ?? 'gold')}
            data={design.awards.map((t) => ({ value: t.award, label: t.title || t.award }))}
            maw={320}
          />
          <LearnerChoice olympiadId={olympiadId} value={previewLearner} onChange={setPreviewLearner} />
        </Group>
        <PdfPreview olympiadId={olympiadId} design={design} award={previewAward} participantId={previewLearner === null ? undefined : Number(previewLearner)} />
      </Stack>
    </SimpleGrid>
  );
}

/** A learner of the released results to preview, or the sample learner. */
function LearnerChoice({ olympiadId, value, onChange }: { olympiadId: number; value: string | null; onChange: (value: string | null) => void }) {
  const learners = useModeratedCertificates(olympiadId);
  const data = (learners.data ?? []).slice(0, 500).map((l) => ({ value: String(l.participantId), label: `${l.name} (${l.schoolName})` }));
  return <Select label="As" placeholder="A sample learner" clearable searchable value={value} onChange={onChange} data={data} maw={320} disabled={data.length === 0} />;
}

/** How long the editor waits after a change before making the PDF again. */
const PREVIEW_DEBOUNCE_MS = 600;

/** The certificate as the PDF the run makes, from the design as edited (saved or not). */
function PdfPreview({ olympiadId, design, award, participantId }: { olympiadId: number; design: CertificateDesign; award: string; participantId?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void fetchCertificatePreview(olympiadId, design, { award, participantId }, controller.signal)
        .then((answer) => {
          if (!answer.ok) {
            const fields = Object.entries(answer.fields).map(([field, message]) => `${field} ${message}`);
            setProblem(fields.length > 0 ? fields.join('; ') : answer.message);
            return;
          }
          if (shown.current) URL.revokeObjectURL(shown.current);
          shown.current = answer.url;
          setUrl(answer.url);
          setProblem(null);
        })
        .catch(() => {
          // Aborted by a newer change, or the network: the last preview stays.
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [olympiadId, design, award, participantId]);
  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );
  return (
    <Stack gap="xs">
      {problem && (
        <Alert color="orange" title="The preview shows the last design that could be made">
          {problem}
        </Alert>
      )}
      {url ? (
        <iframe
          title="Certificate preview (PDF)"
          data-testid="certificate-pdf-preview"
          src={url}
          style={{ width: '100%', aspectRatio: '842 / 640', border: '1px solid var(--mantine-color-gray-4)', background: 'white' }}
        />
      ) : (
        <Loader role="status" aria-label="Making the preview" />
      )}
    </Stack>
  );
}
