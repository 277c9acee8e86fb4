// Rich text edited, previewed, then published: "Preview" sends the text through the server's one
// sanitiser and shows it as visitors will see it; "Publish" is offered only for the text previewed,
// so nothing is published unseen.
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { RichTextEditor } from '@olympiad/shared/ui/form/rich-text-field';
import { RichText } from '@olympiad/shared/ui/lean/rich-text';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { previewBody } from '../api/site-copy';

type PreviewPublishProps = {
  label: string;
  body: string;
  onBodyChange: (html: string) => void;
  /** Publishes the previewed text (the other fields of the form go with it). */
  onPublish: (body: string) => Promise<unknown>;
  publishing: boolean;
  error?: string | undefined;
};

export function PreviewPublish({ label, body, onBodyChange, onPublish, publishing, error }: PreviewPublishProps) {
  const [preview, setPreview] = useState<{ of: string; html: string } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  // Once published, the text is the previewed one as the server kept it.
  const current = preview !== null && (preview.of === body || preview.html === body);

  const showPreview = async () => {
    setPreviewing(true);
    const result = await previewBody(body);
    setPreviewing(false);
    if (!result.ok) return alertError(result.message);
    setPreview({ of: body, html: result.data.body });
  };

  return (
    <Stack gap="sm">
      <RichTextEditor label={label} value={body} onChange={onBodyChange} minHeight={220} error={error} />
      <Group>
        <Button variant="default" onClick={showPreview} loading={previewing}>
          Preview
        </Button>
        <Button onClick={() => preview && onPublish(preview.html)} disabled={!current} loading={publishing}>
          Publish
        </Button>
        {!current && (
          <Text size="sm" c="dimmed">
            Preview the text to publish it.
          </Text>
        )}
      </Group>
      {preview && (
        <Paper withBorder p="md" radius="md" aria-label="Preview">
          <Title order={2} size="h5" mb="xs">
            Preview{current ? '' : ' (of an earlier version)'}
          </Title>
          {preview.html === '' ? <Text c="dimmed">No text.</Text> : <RichText html={preview.html} />}
        </Paper>
      )}
    </Stack>
  );
}
