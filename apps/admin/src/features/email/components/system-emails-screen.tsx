// System Emails (admin: the olympiad's copy) and Email Copy (overlord: the platform's copy): every
// automatic e-mail with the copy in force, edited with its named placeholders, previewed with sample
// data before saving, and reset to the default.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Code, Group, Loader, NavLink, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { useRefusal } from '@olympiad/shared/resource/use-refusal';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { previewCopy, systemEmailsQuery, useResetCopy, useSaveCopy, type CopyValues, type SystemEmail } from '../api/email-api';
import { EmailPreviewPanel, type Preview } from './email-preview';

const sourceLabels: Record<SystemEmail['source'], string> = {
  olympiad: "This olympiad's copy",
  platform: "The platform's copy",
  default: 'The default copy',
};

export function SystemEmailsScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const kinds = useQuery(systemEmailsQuery(olympiadId));
  const [chosen, setChosen] = useState<string | null>(null);
  const current = kinds.data?.find((k) => k.kind === chosen) ?? kinds.data?.[0];
  return (
    <GridScreen
      title={route.title}
      description={olympiadId === undefined ? "The platform's copy of every automatic e-mail; an olympiad's own copy overrides it." : 'The copy of every automatic e-mail of this olympiad.'}
    >
      {kinds.isPending && <Loader role="status" aria-label="Loading the e-mails" />}
      {kinds.isError && <Alert color="red">{kinds.error.message}</Alert>}
      {kinds.data && current && (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Paper withBorder p="xs">
            <nav aria-label="Kinds of e-mail">
              {kinds.data.map((kind) => (
                <NavLink
                  key={kind.kind}
                  component="button"
                  label={kind.title}
                  // Dark text: the active row's tinted background leaves the theme's description colour short of AA contrast.
                  description={
                    <Text component="span" size="xs" c="dark.6">
                      {sourceLabels[kind.source]}
                    </Text>
                  }
                  active={kind.kind === current.kind}
                  onClick={() => setChosen(kind.kind)}
                />
              ))}
            </nav>
          </Paper>
          <div style={{ gridColumn: 'span 2' }}>
            <CopyEditor key={`${current.kind}-${current.source}`} kind={current} olympiadId={olympiadId} />
          </div>
        </SimpleGrid>
      )}
    </GridScreen>
  );
}

function CopyEditor({ kind, olympiadId }: { kind: SystemEmail; olympiadId: number | undefined }) {
  const [copy, setCopy] = useState<CopyValues>({ subject: kind.subject, html: kind.html, text: kind.text });
  const [preview, setPreview] = useState<Preview | null>(null);
  const refusal = useRefusal();
  const save = useSaveCopy(olympiadId);
  const reset = useResetCopy(olympiadId);
  useEffect(() => setPreview(null), [copy]);

  const showPreview = () => refusal.attempt(previewCopy(kind.kind, copy), setPreview);
  const saveCopy = () => refusal.attempt(save.mutateAsync({ kind: kind.kind, copy }));

  return (
    <Stack>
      <div>
        <Group gap="xs">
          <Title order={2}>{kind.title}</Title>
          <Badge variant="light">{sourceLabels[kind.source]}</Badge>
        </Group>
        <Text c="dimmed" size="sm">
          {kind.about}
        </Text>
      </div>
      <Text size="sm">
        Placeholders:{' '}
        {kind.placeholders.map((p) => (
          <span key={p.name}>
            <Code>{`{{${p.name}}}`}</Code> {p.about};{' '}
          </span>
        ))}
      </Text>
      <TextInput label="Subject" required value={copy.subject} onChange={(e) => setCopy({ ...copy, subject: e.currentTarget.value })} />
      <Textarea label="HTML" description="Formatting and links only; scripts, styles and images are removed when it is saved." required autosize minRows={6} maxRows={16} value={copy.html} onChange={(e) => setCopy({ ...copy, html: e.currentTarget.value })} />
      <Textarea label="Plain text" required autosize minRows={4} maxRows={12} value={copy.text} onChange={(e) => setCopy({ ...copy, text: e.currentTarget.value })} />
      {refusal.message && <Alert color="red">{refusal.message}</Alert>}
      <Group>
        <Button variant="default" onClick={() => void showPreview()}>
          Preview with sample data
        </Button>
        <Button loading={save.isPending} onClick={() => void saveCopy()}>
          Save
        </Button>
        {kind.source !== 'default' && (
          <Button
            variant="subtle"
            color="red"
            loading={reset.isPending}
            onClick={() => void reset.mutateAsync(kind.kind).then((r) => (r.ok ? undefined : alertError(r.message)))}
          >
            Back to the default
          </Button>
        )}
      </Group>
      {preview && <EmailPreviewPanel preview={preview} />}
    </Stack>
  );
}
