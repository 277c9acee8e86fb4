// /:olympiadName/admin/edit/question-modules: the sections of the paper in order (drag or move buttons),
// each with its title, instructions and time limit; reuse of last year's paper through the question bank.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Anchor, Badge, Button, Group, Loader, Menu, Stack, Text, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { AppLink } from '@olympiad/shared/router/app-link';
import { useConfirm } from '@olympiad/shared/ui/confirm/confirm-dialog';
import { useDeleteModule, useModules, useReorderModules } from '../api/modules';
import { useOlympiad } from '../api/get-olympiad';
import { alertRefusal } from '@olympiad/shared/resource/row-actions';
import type { ModuleView } from '../api/paper-types';
import { moveItem } from '../reorder';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';
import { ModuleFormModal, useModuleEditor } from './module-form';
import { OpenPaperNotice } from './open-paper-notice';
import { QuestionBankMenu } from './question-bank-menu';
import { ReorderList } from './reorder-list';

export const moduleTitle = (module: Pick<ModuleView, 'title' | 'position'>) =>
  module.title.en ?? Object.values(module.title)[0] ?? `Module ${module.position}`;

export function ModulesScreen({ route }: ScreenComponentProps) {
  const { olympiadName = '' } = useParams();
  const olympiadId = useOlympiadId();
  const modules = useModules(olympiadId);
  const olympiad = useOlympiad(olympiadId);
  const reorder = useReorderModules(olympiadId);
  const deletion = useDeleteModule(olympiadId);
  const confirm = useConfirm();
  const editor = useModuleEditor(olympiadId);
  const [order, setOrder] = useState<ModuleView[] | null>(null);

  const shown = order ?? modules.data ?? [];

  const move = async (from: number, to: number) => {
    if (olympiadId === null) return;
    const next = moveItem(shown, from, to);
    setOrder(next);
    alertRefusal(await reorder.mutateAsync({ olympiadId, ids: next.map((m) => m.id) }));
    setOrder(null);
  };

  const remove = async (module: ModuleView) => {
    const sure = await confirm({
      title: `Delete ${moduleTitle(module)}?`,
      message:
        module.questionCount > 0
          ? `Its ${module.questionCount} question(s) are deleted with it. This cannot be undone.`
          : 'The module has no questions.',
      confirmLabel: 'Delete module',
      danger: true,
    });
    if (sure) alertRefusal(await deletion.mutateAsync(module.id));
  };

  const questionsHref = (module: ModuleView) => `/${olympiadName}/admin/edit/questions?module=${module.id}`;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{route.title}</Title>
          <Text c="dimmed">The sections of the paper, in the order learners meet them.</Text>
        </div>
        {olympiadId !== null && (
          <Group gap="sm">
            <QuestionBankMenu olympiadId={olympiadId} olympiadName={olympiadName} />
            <Button onClick={editor.create}>New module</Button>
          </Group>
        )}
      </Group>
      <OpenPaperNotice olympiad={olympiad.data} />
      {modules.isError && <Alert color="red">{modules.error.message}</Alert>}
      {modules.isPending ? (
        <Loader role="status" aria-label="Loading modules" />
      ) : (
        <ReorderList
          label="Question modules"
          items={shown}
          getId={(module) => module.id}
          itemName={(module) => moduleTitle(module)}
          onMove={(from, to) => void move(from, to)}
          disabled={order !== null}
          empty="No modules yet. Add the first, or import last year's question bank."
          renderItem={(module, index) => (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {index + 1}. {moduleTitle(module)}
                </Text>
                {module.title.af && module.title.en && (
                  <Text size="sm" c="dimmed" lang="af">
                    {module.title.af}
                  </Text>
                )}
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Anchor component={AppLink} to={questionsHref(module)} size="sm">
                  {module.questionCount} question{module.questionCount === 1 ? '' : 's'}
                </Anchor>
                {module.timeLimitMinutes != null && <Badge variant="light">{module.timeLimitMinutes} min</Badge>}
                <Menu position="bottom-end">
                  <Menu.Target>
                    <Button variant="subtle" size="compact-sm" aria-label={`Actions for ${moduleTitle(module)}`}>
                      Actions
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => editor.edit(module)}>Edit</Menu.Item>
                    <Menu.Item component={AppLink} to={questionsHref(module)}>
                      Questions
                    </Menu.Item>
                    <Menu.Item color="red" onClick={() => void remove(module)}>
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Group>
          )}
        />
      )}
      <ModuleFormModal editor={editor} languages={olympiad.data?.languages ?? ['en']} />
    </Stack>
  );
}
