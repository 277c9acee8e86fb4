// "Reset link" on a teacher found by Search: after a confirmation the server makes a password reset link
// (it works once, for a day) and the overlord reads it out or pastes it into a chat; it is shown once, in
// this dialog, with a copy button, and is not kept anywhere else.
import { useState } from 'react';
import { Button, Code, CopyButton, Modal, Stack, Text } from '@mantine/core';
import { useCan } from '@olympiad/shared/access/can';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { alertRefusal } from '@olympiad/shared/resource/row-actions';
import { useConfirm } from '@olympiad/shared/ui/confirm/confirm-dialog';
import { useTeacherResetLink } from '../api/search';

type Teacher = { firstName: string; lastName: string; username: string };
type ResetLink = { name: string; username: string; link: string; expiresAt: string };

export function TeacherResetLink({ teacher }: { teacher: Teacher }) {
  const can = useCan();
  const confirm = useConfirm();
  const make = useTeacherResetLink();
  const [made, setMade] = useState<ResetLink | null>(null);
  if (!can('GET /api/scratchpad/local-teacher-password-reset')) return null;
  const name = `${teacher.firstName} ${teacher.lastName}`.trim() || teacher.username;
  const ask = async () => {
    const yes = await confirm({
      title: 'Make a password reset link?',
      message: `A link for ${name} (${teacher.username}) to choose a new password, for when our e-mails do not reach them. It works once, for a day; give it to them by phone or chat only. The activity log notes that you made it.`,
      confirmLabel: 'Make the link',
    });
    if (!yes) return;
    const result = await make.mutateAsync(teacher.username);
    if (result.ok) setMade(result.data);
    else alertRefusal(result);
  };
  return (
    <>
      <Button size="compact-xs" variant="light" onClick={() => void ask()} loading={make.isPending}>
        Reset link
      </Button>
      <Modal opened={made !== null} onClose={() => setMade(null)} title="Password reset link">
        {made && (
          <Stack gap="sm">
            <Text size="sm">
              For {made.name} ({made.username}). It works once, until {formatDateTime(parseServerTime(made.expiresAt))}. It is shown only now: copy it before you close
              this.
            </Text>
            <Code block aria-label="Reset link">
              {made.link}
            </Code>
            <CopyButton value={made.link}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'teal' : undefined}>
                  {copied ? 'Copied' : 'Copy the link'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        )}
      </Modal>
    </>
  );
}
