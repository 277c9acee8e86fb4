// An e-mail as its reader will see it: the subject, the HTML in a sandboxed frame (no script runs,
// nothing is fetched) and the plain text.
import { Paper, Stack, Tabs, Text } from '@mantine/core';

export type Preview = { subject: string; html: string; text: string };

export function EmailPreviewPanel({ preview }: { preview: Preview }) {
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Text fw={600}>Subject: {preview.subject}</Text>
        <Tabs defaultValue="html">
          <Tabs.List>
            <Tabs.Tab value="html">HTML</Tabs.Tab>
            <Tabs.Tab value="text">Plain text</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="xs">
            <iframe title="Preview of the e-mail" sandbox="" srcDoc={preview.html} style={{ width: '100%', minHeight: 320, border: '1px solid #ced4da', background: '#fff' }} />
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="xs">
            <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {preview.text}
            </Text>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}
