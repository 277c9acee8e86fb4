// /:olympiadName/admin/edit/questions: a module's questions in order (drag or move buttons), each opened
// in the editor with its live preview, duplicated or deleted. `?module=ID&question=ID` (or `question=new`)
// opens a question directly, as Verify Questions' links do.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Badge, Button, Group, Loader, Menu, Select, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useConfirm } from '@olympiad/shared/ui/confirm/confirm-dialog';
import { useModules } from '../api/modules';
import { useOlympiad } from '../api/get-olympiad';
import { alertRefusal } from '@olympiad/shared/resource/row-actions';
import { useDeleteQuestion, useDuplicateQuestion, useQuestions, useReorderQuestions } from '../api/questions';
import { KIND_LABELS, type QuestionView } from '../api/paper-types';
import { stemExcerpt } from '../question-form';
import { moveItem } from '../reorder';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';
import { moduleTitle } from './modules-screen';
import { OpenPaperNotice } from './open-paper-notice';
import { QuestionEditor } from './question-editor';
import { ReorderList } from './reorder-list';

export function QuestionsScreen({ route }: ScreenComponentProps) {
  const olympiadId = useOlympiadId();
  const [params, setParams] = useSearchParams();
  const modules = useModules(olympiadId);
  const olympiad = useOlympiad(olympiadId);
  const requestedModule = Number(params.get('module')) || null;
  const moduleId = modules.data?.some((m) => m.id === requestedModule) ? requestedModule : (modules.data?.[0]?.id ?? null);
  const questions = useQuestions(olympiadId, moduleId);
  const reorder = useReorderQuestions(olympiadId);
  const duplicate = useDuplicateQuestion(olympiadId);
  const deletion = useDeleteQuestion(olympiadId);
  const confirm = useConfirm();
  const [order, setOrder] = useState<QuestionView[] | null>(null);

  const requestedQuestion = params.get('question');
  const editing: QuestionView | null | undefined =
    requestedQuestion === 'new' ? null : questions.data?.find((q) => String(q.id) === requestedQuestion);

  const open = (question: QuestionView | 'new' | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (moduleId !== null) next.set('module', String(moduleId));
        if (question === null) next.delete('question');
        else next.set('question', question === 'new' ? 'new' : String(question.id));
        return next;
      },
      { replace: question === null },
    );

  const chooseModule = (id: string | null) =>
    setParams(id === null ? {} : { module: id }, { replace: true });

  const shown = order ?? questions.data ?? [];
  const current = modules.data?.find((m) => m.id === moduleId);

  const move = async (from: number, to: number) => {
    if (moduleId === null) return;
    const next = moveItem(shown, from, to);
    setOrder(next);
    alertRefusal(await reorder.mutateAsync({ moduleId, ids: next.map((q) => q.id) }));
    setOrder(null);
  };

  const remove = async (question: QuestionView) => {
    const sure = await confirm({
      title: `Delete question ${question.position}?`,
      message: stemExcerpt(question.content.stem) || 'This question has no text yet.',
      confirmLabel: 'Delete question',
      danger: true,
    });
    if (sure) alertRefusal(await deletion.mutateAsync(question.id));
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{route.title}</Title>
          <Text c="dimmed">Write each question in every language the olympiad offers, and check it as the learner will see it.</Text>
        </div>
        <Group gap="sm" align="flex-end">
          <Select
            label="Module"
            data={(modules.data ?? []).map((m) => ({ value: String(m.id), label: `${m.position}. ${moduleTitle(m)}` }))}
            value={moduleId === null ? null : String(moduleId)}
            onChange={chooseModule}
            allowDeselect={false}
            w={{ base: '100%', xs: 280 }}
          />
          <Button onClick={() => open('new')} disabled={moduleId === null}>
            New question
          </Button>
        </Group>
      </Group>
      <OpenPaperNotice olympiad={olympiad.data} />
      {modules.data?.length === 0 && <Alert color="blue">Add a module on Question Modules first; questions belong to a module.</Alert>}
      {questions.isError && <Alert color="red">{questions.error.message}</Alert>}
      {moduleId !== null && questions.isPending ? (
        <Loader role="status" aria-label="Loading questions" />
      ) : (
        moduleId !== null && (
          <ReorderList
            label={`Questions of ${current ? moduleTitle(current) : 'the module'}`}
            items={shown}
            getId={(question) => question.id}
            itemName={(question) => `question ${question.position}`}
            onMove={(from, to) => void move(from, to)}
            disabled={order !== null}
            selectedId={editing?.id ?? null}
            empty="No questions in this module yet."
            renderItem={(question, index) => (
              <Group justify="space-between" wrap="nowrap" gap="sm">
                {/* Named by what it shows (WCAG 2.5.3, label in name), with what it does for screen readers. */}
                <UnstyledButton onClick={() => open(question)} style={{ minWidth: 0, flex: 1 }}>
                  <VisuallyHidden>Edit question {index + 1}: </VisuallyHidden>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={700} w={28} ta="right">
                      {index + 1}.
                    </Text>
                    <Text truncate="end" style={{ minWidth: 0 }}>
                      {stemExcerpt(question.content.stem) || <em>No text yet</em>}
                    </Text>
                  </Group>
                </UnstyledButton>
                <Group gap={6} wrap="nowrap" visibleFrom="xs">
                  <Badge variant="light" color="gray">
                    {KIND_LABELS[question.kind]}
                  </Badge>
                  <Badge variant="outline" color="gray">
                    {question.marks} mark{question.marks === 1 ? '' : 's'}
                  </Badge>
                  {question.attachmentId != null && (
                    <Badge variant="outline" color="teal">
                      image
                    </Badge>
                  )}
                </Group>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <Button variant="subtle" size="compact-sm" aria-label={`Actions for question ${index + 1}`}>
                      Actions
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => open(question)}>Edit and preview</Menu.Item>
                    <Menu.Item onClick={() => void duplicate.mutateAsync(question).then(alertRefusal)}>Duplicate</Menu.Item>
                    <Menu.Item color="red" onClick={() => void remove(question)}>
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            )}
          />
        )
      )}
      {olympiadId !== null && moduleId !== null && (
        <QuestionEditor
          olympiadId={olympiadId}
          moduleId={moduleId}
          languages={olympiad.data?.languages ?? ['en']}
          question={editing}
          onClose={() => open(null)}
        />
      )}
    </Stack>
  );
}
