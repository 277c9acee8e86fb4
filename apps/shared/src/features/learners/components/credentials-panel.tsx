// Learners' sign-ins just made (loading, new passwords): shown once, since only their hashes are kept.
// The teacher prints the slips (a page per class) or saves the CSV now.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { alertError } from '../../../feedback/notifications';
import { loginSlips, type Credential } from '../api/participants';

export function CredentialsPanel({ schoolParticipantId, credentials }: { schoolParticipantId: number; credentials: Credential[] }) {
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const download = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    const result = await loginSlips(schoolParticipantId, credentials, format);
    setBusy(null);
    if (!result.ok) alertError(result.message);
  };
  return (
    <Stack>
      <Alert color="yellow" title="Print the login slips now">
        These passwords are shown only now. If one is lost, give that learner a new password from the list of learners.
      </Alert>
      <Group>
        <Button onClick={() => download('pdf')} loading={busy === 'pdf'}>
          Download login slips (PDF)
        </Button>
        <Button variant="default" onClick={() => download('csv')} loading={busy === 'csv'}>
          Download the sign-ins (CSV)
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={480}>
        <Table striped aria-label="New sign-ins">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Learner</Table.Th>
              <Table.Th>Grade</Table.Th>
              <Table.Th>Username</Table.Th>
              <Table.Th>Password</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {credentials.map((c) => (
              <Table.Tr key={c.participantId}>
                <Table.Td>
                  {c.firstName} {c.lastName}
                </Table.Td>
                <Table.Td>
                  {c.grade} {c.className}
                </Table.Td>
                <Table.Td>
                  <Text ff="monospace">{c.username}</Text>
                </Table.Td>
                <Table.Td>
                  <Text ff="monospace">{c.password}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
