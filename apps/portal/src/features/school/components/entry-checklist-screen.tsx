// /portal/:olympiadName: the school's entry as a checklist: its details, its team, its learners, the
// invoice, olympiad day and the results, each with where to do it.
import { useParams } from 'react-router-dom';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { AppLink } from '@olympiad/shared/router/app-link';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { SittingMonitor } from '@olympiad/shared/features/sitting-monitor/components/sitting-monitor';
import { useMySchool } from '../api/get-my-school';

// What the entry's status means to the teacher.
const ENTRY_STATUS: Record<string, string> = {
  entered: 'entered, not yet confirmed',
  confirmed: 'entry confirmed',
  withdrawn: 'entry withdrawn',
};

type Step = { title: string; done: boolean | null; text: string; href: string; action: string };

function StepCard({ step }: { step: Step }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Group gap="xs">
            <Text fw={700}>{step.title}</Text>
            {step.done === true && <Badge color="green">done</Badge>}
            {step.done === false && <Badge color="yellow">to do</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {step.text}
          </Text>
        </div>
        <Button component={AppLink} to={step.href} variant="light" size="xs" style={{ flexShrink: 0 }}>
          {step.action}
        </Button>
      </Group>
    </Card>
  );
}

export function EntryChecklistScreen(_props: ScreenComponentProps) {
  const { olympiadName = '' } = useParams();
  const mine = useMySchool(olympiadName);
  if (mine.isPending) return <Skeleton height={320} />;
  if (mine.isError) return <Alert color="red">{mine.error.message}</Alert>;
  const { olympiad, school, entry } = mine.data;
  const base = `/portal/${olympiadName}`;
  if (!entry) {
    return (
      <Stack maw={720}>
        <Title order={1}>{olympiad.title}</Title>
        <Alert color="blue">
          {school ? `${school.name} is not entered in this olympiad yet.` : 'You are not linked to a school yet.'} Enter it from <AppLink to="/portal">My Olympiads</AppLink>.
        </Alert>
      </Stack>
    );
  }
  const detailsComplete = Boolean(school && school.province && school.town && (school.phone || school.email));
  const steps: Step[] = [
    {
      title: 'School details',
      done: detailsComplete,
      text: detailsComplete ? `${school?.name}, ${school?.town}, ${school?.province}` : 'Check the address, phone and e-mail of your school.',
      href: `${base}/school`,
      action: 'Check',
    },
    {
      title: 'Team',
      done: entry.teamAdmins.length > 0,
      text: `Team admins: ${entry.teamAdmins.join(', ') || 'none'}. Invite colleagues who help with the olympiad.`,
      href: `${base}/team`,
      action: 'Team',
    },
    {
      title: 'Learners',
      done: entry.learnerCount > 0,
      text: entry.learnerCount > 0 ? `${entry.learnerCount} learners loaded; print their login slips.` : 'Load your learners from a spreadsheet and print their login slips.',
      href: `${base}/load-learners`,
      action: 'Learners',
    },
    {
      title: 'Invoice',
      done: entry.status === 'confirmed' ? true : null,
      text: entry.status === 'confirmed' ? 'Your entry is confirmed.' : `The invoice follows the number of learners loaded (${entry.learnerCount}); your entry is confirmed once it is paid.`,
      href: `${base}/invoices`,
      action: 'Invoices',
    },
    {
      title: 'Olympiad day',
      done: null,
      text: 'On the day your learners sign in with their slips; the live monitor below shows who has started, who is writing and who has finished.',
      href: `${base}/faq`,
      action: 'How it works',
    },
    {
      title: 'Results',
      done: null,
      text: 'Results and certificates appear here after the olympiad is marked and moderated.',
      href: `${base}/certificates`,
      action: 'Certificates',
    },
  ];
  return (
    <Stack maw={820}>
      <div>
        <Title order={1}>{olympiad.title}</Title>
        <Text c="dimmed">
          {entry.schoolName} · {ENTRY_STATUS[entry.status] ?? entry.status}
        </Text>
      </div>
      {steps.map((step) => (
        <StepCard key={step.title} step={step} />
      ))}
      {/* Olympiad day: the school's learners live, with pause for load-shedding and extra time. */}
      <SittingMonitor olympiadId={olympiad.id} />
    </Stack>
  );
}
