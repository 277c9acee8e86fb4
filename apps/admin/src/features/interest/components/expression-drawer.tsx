// One expression of interest beside its possible matches: the schools with the same EMIS number or e-mail
// or a name alike, and teachers with the same address. Staff enter one of those schools (or a new one
// described from the expression), which makes the teacher's account and the school's entry in one step;
// or they decline it with a reason the person is told.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Divider, Drawer, Grid, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { FormAlert, SubmitButton, TextareaField } from '@olympiad/shared/ui/form/form-fields';
import { SchoolFields } from '@olympiad/shared/features/schools/school-fields';
import { schoolInput, schoolSchema, schoolValues } from '@olympiad/shared/features/schools/school-schema';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { useRecordForm } from '@olympiad/shared/resource/use-record-form';
import { useConfirmedChange } from '@olympiad/shared/resource/use-confirmed-change';
import type { Expression } from '../api/get-expressions';
import { possibleMatchesQuery } from '../api/get-possible-matches';
import { declineSchema, useDeclineExpression, useDeleteExpression, useProcessExpression } from '../api/handle-expression';

const REASON_LABEL: Record<string, string> = { emis: 'same EMIS number', email: 'a teacher with this e-mail', name: 'name alike' };

function Detail({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

function NewSchoolForm({ expression, onDone }: { expression: Expression; onDone: () => void }) {
  const processing = useProcessExpression();
  const { form, error, submit, submitting } = useRecordForm({
    schema: schoolSchema,
    // The school as the expression describes it, to be corrected before it is added.
    record: expression,
    valuesOf: (e: Expression) => schoolValues({ name: e.schoolName, emisNumber: e.emisNumber, province: e.province, town: e.town }),
    save: (values) => processing.mutateAsync({ expression, newSchool: schoolInput(values) }),
    serverPrefix: 'school.',
    onSaved: onDone,
  });
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-label="New school">
      <Stack gap="sm">
        <Title order={3} size="h5">
          None of these: a new school
        </Title>
        <FormAlert message={error} />
        <SchoolFields control={form.control} />
        <Group>
          <SubmitButton submitting={submitting}>Add the school and enter it</SubmitButton>
        </Group>
      </Stack>
    </Card>
  );
}

export function ExpressionDrawer({ expression, onClose }: { expression: Expression | null; onClose: () => void }) {
  return (
    <Drawer opened={expression !== null} onClose={onClose} position="right" size="xl" title={expression ? `${expression.firstName} ${expression.lastName}` : ''}>
      {expression && <Handling key={expression.id} expression={expression} onClose={onClose} />}
    </Drawer>
  );
}

/** One expression and what can be done with it; made anew for each expression opened. */
function Handling({ expression, onClose }: { expression: Expression; onClose: () => void }) {
  const processing = useProcessExpression();
  const deleting = useDeleteExpression();
  const asking = useConfirmedChange();
  const open = expression.status === 'open';
  const teacher = expression.type === 'teacher';
  const matches = useQuery({ ...possibleMatchesQuery(expression.id), enabled: teacher });
  const [showNewSchool, setShowNewSchool] = useState(false);

  const enterSchool = (schoolId: number, schoolName: string) =>
    asking.run(
      {
        title: `Enter ${schoolName}?`,
        message: `${schoolName} is entered in this olympiad with ${expression.firstName} ${expression.lastName} as its team admin (their account is made if they have none), and they are told by e-mail.`,
        confirmLabel: 'Enter the school',
      },
      () => processing.mutateAsync({ expression, school: { id: schoolId, name: schoolName } }),
      onClose,
    );
  const markProcessed = async () => {
    const result = await processing.mutateAsync({ expression });
    if (!result.ok) return alertError(result.message);
    onClose();
  };
  const remove = () =>
    asking.run(
      { title: 'Delete this expression of interest?', message: 'Use this for spam and tests; it cannot be undone.', danger: true, confirmLabel: 'Delete' },
      () => deleting.mutateAsync(expression.id),
      onClose,
    );

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap={4}>
          <Group gap="xs">
            <Badge>{expression.status}</Badge>
            <Badge variant="light" color={expression.emailVerified ? 'green' : 'yellow'}>
              {expression.emailVerified ? 'e-mail verified' : 'e-mail not verified'}
            </Badge>
            <Badge variant="outline">{expression.type}</Badge>
          </Group>
          <Detail label="Received" value={formatDateTime(parseServerTime(expression.createdAt))} />
          <Detail label="Name" value={[expression.title, expression.firstName, expression.lastName].filter(Boolean).join(' ')} />
          <Detail label="E-mail" value={expression.email} />
          <Detail label="Phone" value={expression.phone} />
          <Detail label="School" value={expression.schoolName} />
          <Detail label="EMIS number" value={expression.emisNumber} />
          <Detail label="Province" value={expression.province} />
          <Detail label="Town" value={expression.town} />
          <Detail label="Subject" value={expression.subject} />
          <Detail label="Organisation" value={expression.organisation} />
          <Detail label="Relationship" value={expression.relationship} />
          <Detail label="Message" value={expression.message} />
          <Detail label="Declined because" value={expression.declineReason} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack>
          {teacher && (
            <>
              <Title order={3} size="h4">
                Possible matches
              </Title>
              {matches.isPending && <Skeleton height={80} />}
              {matches.isError && <Alert color="red">{matches.error.message}</Alert>}
              {matches.data && matches.data.schools.length === 0 && <Text c="dimmed">No school looks like this one.</Text>}
              {matches.data?.schools.map((school) => (
                <Card key={school.id} withBorder padding="sm">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div>
                      <Text fw={600}>{school.name}</Text>
                      <Text size="sm" c="dimmed">
                        {[school.town, school.province, school.emisNumber && `EMIS ${school.emisNumber}`].filter(Boolean).join(' · ')}
                      </Text>
                      <Group gap={4} mt={4}>
                        {school.reasons.map((reason) => (
                          <Badge key={reason} size="xs" variant="light">
                            {REASON_LABEL[reason] ?? reason}
                          </Badge>
                        ))}
                        {school.schoolParticipantId != null && (
                          <Badge size="xs" color="green" variant="light">
                            entered already
                          </Badge>
                        )}
                      </Group>
                    </div>
                    {open && (
                      <Button size="xs" onClick={() => enterSchool(school.id, school.name)}>
                        {school.schoolParticipantId != null ? 'Add to its team' : 'Enter this school'}
                      </Button>
                    )}
                  </Group>
                </Card>
              ))}
              {matches.data && matches.data.teachers.length > 0 && (
                <Alert color="blue" title="A teacher with this e-mail address exists">
                  <List size="sm">
                    {matches.data.teachers.map((t) => (
                      <List.Item key={t.id}>
                        {t.firstName} {t.lastName} ({t.email}){t.schoolName ? `, ${t.schoolName}` : ''}
                      </List.Item>
                    ))}
                  </List>
                  Processing links the expression to their account.
                </Alert>
              )}
              {open && !showNewSchool && (
                <Button variant="default" onClick={() => setShowNewSchool(true)}>
                  None of these: add a new school
                </Button>
              )}
              {open && showNewSchool && <NewSchoolForm expression={expression} onDone={onClose} />}
            </>
          )}
          {open && !teacher && <Button onClick={markProcessed}>Mark processed</Button>}
          {open && <DeclineForm expression={expression} onDone={onClose} />}
          <Divider />
          <Group>
            <Button color="red" variant="subtle" onClick={remove}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** Declining, with the reason the person is told by e-mail. */
function DeclineForm({ expression, onDone }: { expression: Expression; onDone: () => void }) {
  const declining = useDeclineExpression();
  const { form, error, submit, submitting } = useRecordForm({
    schema: declineSchema,
    record: expression,
    valuesOf: () => ({ reason: '' }),
    save: ({ reason }) => declining.mutateAsync({ id: expression.id, reason }),
    onSaved: onDone,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Divider />
        <FormAlert message={error} />
        <TextareaField control={form.control} name="reason" label="Reason for declining" description="The person is told this by e-mail" minRows={2} />
        <Group>
          <SubmitButton submitting={submitting} color="red" variant="light">
            Decline
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
