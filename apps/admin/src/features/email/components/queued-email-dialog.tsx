// One e-mail of the queue, opened: to whom, where it stands (status, tries, last error, when it was
// queued, is due and last changed) and the message as it reads. The HTML shows only in a sandboxed
// frame (no script runs, nothing is fetched); a link that is the addressee's own (a password, sign-in,
// confirmation or unsubscribe link of an e-mail not sent yet) comes hidden from the server.
import { useQuery } from '@tanstack/react-query';
import { Alert, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { queuedEmailQuery, type OpenedEmail } from '../api/email-api';
import { EmailPreviewPanel } from './email-preview';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

const when = (at: string) => formatDateTime(parseServerTime(at));

function Opened({ opened }: { opened: OpenedEmail }) {
  const { queued, message } = opened;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        <Fact label="To">{message?.toName ? `${message.toName} <${queued.recipient ?? ''}>` : (queued.recipient ?? '')}</Fact>
        <Fact label="Status">{queued.status}</Fact>
        <Fact label="Tries">{queued.attempts}</Fact>
        <Fact label="Queued">{when(queued.createdAt)}</Fact>
        <Fact label="Due">{when(queued.runAt)}</Fact>
        <Fact label="Changed">{when(queued.updatedAt)}</Fact>
        {message && <Fact label="Kind">{message.kind.replace(/_/g, ' ')}</Fact>}
        {queued.massMailId !== null && queued.massMailId !== undefined && <Fact label="Mass mail">{queued.massMailId}</Fact>}
        {message && message.attachments.length > 0 && <Fact label="Files">{message.attachments.join(', ')}</Fact>}
      </SimpleGrid>
      {queued.lastError && (
        <Alert color="red" title="Last error">
          {queued.lastError}
        </Alert>
      )}
      {message?.linksHidden && (
        <Alert color="blue">Its links are hidden here: they are the addressee's own (to sign in, set a password, confirm or unsubscribe) and work only for them.</Alert>
      )}
      {message ? (
        <EmailPreviewPanel preview={message} />
      ) : (
        <Alert color="yellow">This e-mail cannot be read: it fails with that error when it is sent.</Alert>
      )}
    </Stack>
  );
}

export function QueuedEmailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const opened = useQuery(queuedEmailQuery(id));
  return (
    <Modal opened onClose={onClose} title={`Queued e-mail ${id}`} size="xl">
      {opened.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label="Opening the e-mail" />
        </Group>
      ) : opened.isError ? (
        <Alert color="red">{opened.error.message}</Alert>
      ) : (
        <Opened opened={opened.data} />
      )}
    </Modal>
  );
}
