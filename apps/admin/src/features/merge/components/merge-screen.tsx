// Merge Schools and Merge Countries (overlord): one screen in two modes. Choose the duplicate and the one
// that survives, see everything that will move, then merge: in one transaction, noted in the activity log.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Grid, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useConfirmedChange } from '@olympiad/shared/resource/use-confirmed-change';
import { notify } from '@olympiad/shared/feedback/notifications';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { SchoolPicker } from '../../schools/school-picker';
import { CountryPicker } from '../../countries/country-picker';
import type { SchoolRow } from '../../schools/api/get-schools';
import type { CountryRow } from '../../countries/api/countries';
import { merge, mergePreview, type MergeMode } from '../api/merge';

type Chosen = { id: number; name: string };

function Described({ title, lines }: { title: string; lines: (string | null | undefined)[] }) {
  return (
    <Card withBorder>
      <Text fw={700}>{title}</Text>
      {lines.filter(Boolean).map((line) => (
        <Text key={line} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
    </Card>
  );
}

export function MergeScreen({ route }: ScreenComponentProps) {
  const mode: MergeMode = route.props.mode === 'countries' ? 'countries' : 'schools';
  const noun = mode === 'schools' ? 'school' : 'country';
  const [duplicate, setDuplicate] = useState<Chosen | null>(null);
  const [survivor, setSurvivor] = useState<Chosen | null>(null);
  const merging = useConfirmedChange();
  const ready = duplicate !== null && survivor !== null && duplicate.id !== survivor.id;
  const plan = useQuery({
    queryKey: ['merge', mode, duplicate?.id, survivor?.id],
    queryFn: () => mergePreview(mode, duplicate?.id ?? 0, survivor?.id ?? 0),
    enabled: ready,
  });

  const run = async () => {
    if (!duplicate || !survivor) return;
    const ask = {
      title: `Merge ${duplicate.name} into ${survivor.name}?`,
      message: `Everything listed moves to ${survivor.name}, and ${duplicate.name} is deleted. This cannot be undone.`,
      danger: true,
      confirmLabel: 'Merge',
    };
    await merging.run(ask, async () => merge(mode, duplicate.id, survivor.id), () => {
      notify(`${duplicate.name} is merged into ${survivor.name}.`, { tone: 'success' });
      setDuplicate(null);
    });
  };

  const picker = (label: string, value: Chosen | null, set: (c: Chosen | null) => void, exclude?: number) =>
    mode === 'schools' ? (
      <SchoolPicker label={label} value={value as SchoolRow | null} onChange={(s: SchoolRow | null) => set(s)} exclude={exclude} />
    ) : (
      <CountryPicker label={label} value={value as CountryRow | null} onChange={(c: CountryRow | null) => set(c)} exclude={exclude} />
    );

  return (
    <Stack maw={1000}>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">
          When one {noun} is on the platform twice, merge the duplicate into the one that stays: its entries{mode === 'schools' ? ', teams, teachers and learners' : ''} move across.
        </Text>
      </div>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>{picker(`The duplicate (it goes)`, duplicate, setDuplicate, survivor?.id)}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>{picker(`The ${noun} that stays`, survivor, setSurvivor, duplicate?.id)}</Grid.Col>
      </Grid>
      {ready && plan.isPending && <Skeleton height={160} />}
      {ready && plan.isError && <Alert color="red">{plan.error.message}</Alert>}
      {ready && plan.data && (
        <Stack>
          <Title order={2} size="h3">
            What will move
          </Title>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Described title={`Goes: ${plan.data.duplicate.name}`} lines={plan.data.duplicate.lines} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Described title={`Stays: ${plan.data.survivor.name}`} lines={plan.data.survivor.lines} />
            </Grid.Col>
          </Grid>
          <List>
            {plan.data.entries.length === 0 && <List.Item>No entries.</List.Item>}
            {plan.data.entries.map((entry) => (
              <List.Item key={entry.entryId}>
                The entry in <b>{entry.olympiadTitle}</b>{' '}
                {entry.action === 'moves'
                  ? 'moves across'
                  : entry.action === 'joins'
                    ? 'joins the entry that stays there'
                    : 'is dropped: the country that stays is entered there already'}{' '}
                <Badge size="xs" variant="light">
                  {entry.teamMembers} in the team
                </Badge>{' '}
                {mode === 'schools' && (
                  <Badge size="xs" variant="light">
                    {entry.participants} learners
                  </Badge>
                )}
              </List.Item>
            ))}
            {plan.data.moves.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Group>
            <Button color="red" onClick={run} loading={merging.running}>
              Merge
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
