// Open and close the olympiad (opening is refused while Verify finds errors, and those are shown), pin it,
// and reset every participant's attempt behind a typed confirmation.
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { AppLink } from '@olympiad/shared/router/app-link';
import { TypedConfirmation } from '@olympiad/shared/resource/typed-confirmation';
import { useConfirm } from '@olympiad/shared/ui/confirm/confirm-dialog';
import type { OlympiadSettings } from '../api/get-olympiad';
import { useResetParticipants } from '../api/reset-participants';
import { NOT_READY, useSetOlympiadOpen } from '../api/set-olympiad-open';
import { useSetPinned } from '../api/set-pinned';
import type { Problem } from '../api/paper-types';
import { verifyPaper } from '../api/verify-paper';
import { problemHref } from './verify-screen';

export function OlympiadActions({ olympiad }: { olympiad: OlympiadSettings }) {
  const confirm = useConfirm();
  const opening = useSetOlympiadOpen();
  const pinning = useSetPinned();
  const [busy, setBusy] = useState<'open' | 'pin' | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; problems: Problem[] } | null>(null);
  const [resetting, setResetting] = useState(false);

  const toggleOpen = async () => {
    const open = !olympiad.isOpen;
    if (!open) {
      const sure = await confirm({
        title: 'Close the olympiad?',
        message: 'Learners can no longer start or go on writing until it is opened again.',
        confirmLabel: 'Close olympiad',
        danger: true,
      });
      if (!sure) return;
    }
    setBusy('open');
    setRefusal(null);
    try {
      const result = await opening.mutateAsync({ olympiadId: olympiad.id, open });
      if (result.ok) return;
      if (result.code !== NOT_READY) return void alertError(result.message);
      const problems = await verifyPaper(olympiad.id).catch(() => null);
      setRefusal({ message: result.message, problems: problems?.problems.filter((p) => p.severity === 'error') ?? [] });
    } finally {
      setBusy(null);
    }
  };

  const togglePinned = async () => {
    setBusy('pin');
    const result = await pinning.mutateAsync({ olympiadId: olympiad.id, pinned: !olympiad.isPinned });
    setBusy(null);
    if (!result.ok) return alertError(result.message);
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="actions-heading">
      <Title order={2} size="h3" id="actions-heading" mb="md">
        Actions
      </Title>
      <Stack>
        <Group justify="space-between" wrap="nowrap" preventGrowOverflow={false}>
          <div>
            <Text fw={500}>Status</Text>
            <Badge color={olympiad.isOpen ? 'green' : 'gray'} size="lg" variant="light" aria-label="Olympiad status">
              {olympiad.isOpen ? 'Open' : 'Closed'}
            </Badge>
          </div>
          <Button
            color={olympiad.isOpen ? 'red' : undefined}
            variant={olympiad.isOpen ? 'light' : 'filled'}
            loading={busy === 'open'}
            onClick={() => void toggleOpen()}
            style={{ flex: 'none' }}
          >
            {olympiad.isOpen ? 'Close olympiad' : 'Open olympiad'}
          </Button>
        </Group>
        {refusal && (
          <Alert color="red" title="The olympiad cannot open yet" role="alert">
            <Text size="sm" mb="xs">
              {refusal.message}
            </Text>
            <List size="sm" spacing={4}>
              {refusal.problems.slice(0, 10).map((problem, index) => {
                const href = problemHref(olympiad.name, problem);
                return (
                  <List.Item key={`${problem.code}-${problem.questionId ?? ''}-${index}`}>
                    {href ? (
                      <Anchor component={AppLink} to={href} size="sm">
                        {problem.message}
                      </Anchor>
                    ) : (
                      problem.message
                    )}
                  </List.Item>
                );
              })}
            </List>
            {refusal.problems.length > 10 && (
              <Text size="sm" mt="xs">
                and {refusal.problems.length - 10} more.
              </Text>
            )}
            <Anchor component={AppLink} to={`/${olympiad.name}/admin/reports/verify-questions`} size="sm" mt="xs" display="block">
              Open Verify Questions
            </Anchor>
          </Alert>
        )}
        <Group justify="space-between" wrap="nowrap" preventGrowOverflow={false}>
          <div>
            <Text fw={500}>Pinned</Text>
            <Text size="sm" c="dimmed">
              {olympiad.isPinned ? 'Shown first on the project’s site.' : 'Not pinned.'}
            </Text>
          </div>
          <Button variant="default" loading={busy === 'pin'} onClick={() => void togglePinned()} style={{ flex: 'none' }}>
            {olympiad.isPinned ? 'Unpin' : 'Pin'}
          </Button>
        </Group>
        <Group justify="space-between" wrap="nowrap" preventGrowOverflow={false}>
          <div>
            <Text fw={500}>Reset all participants</Text>
            <Text size="sm" c="dimmed">
              Every learner’s attempt starts again; their answers are removed.
            </Text>
          </div>
          <Button color="red" variant="outline" onClick={() => setResetting(true)} style={{ flex: 'none' }}>
            Reset all…
          </Button>
        </Group>
      </Stack>
      <ResetParticipantsModal olympiad={olympiad} opened={resetting} onClose={() => setResetting(false)} />
    </Paper>
  );
}

function ResetParticipantsModal({ olympiad, opened, onClose }: { olympiad: OlympiadSettings; opened: boolean; onClose: () => void }) {
  const resetting = useResetParticipants();
  return (
    <Modal opened={opened} onClose={onClose} title="Reset all participants?">
      <TypedConfirmation
        key={String(opened)}
        word={olympiad.name}
        label={`Type ${olympiad.name} to confirm`}
        confirmLabel="Reset all participants"
        change={() => resetting.mutateAsync(olympiad.id)}
        onClose={onClose}
      >
        <Text>
          Every participant of <b>{olympiad.title}</b> starts again from the beginning, and the answers they gave are removed.
          This cannot be undone.
        </Text>
      </TypedConfirmation>
    </Modal>
  );
}
