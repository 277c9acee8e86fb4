// GET and PUT /api/note/{topic}: the overlord's notes (before-olympiad, common-issues), each save a
// revision kept in the note's history.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

export type NoteTopic = 'before-olympiad' | 'common-issues';

async function getNote(topic: NoteTopic) {
  return unwrap(await call(api.GET('/api/note/{topic}', { params: { path: { topic } } })));
}

export type Note = Awaited<ReturnType<typeof getNote>>;

export const noteKeys = { note: (topic: NoteTopic) => ['notes', topic] as const };

export const noteQuery = (topic: NoteTopic) => queryOptions({ queryKey: noteKeys.note(topic), queryFn: () => getNote(topic) });

export function useSaveNote(topic: NoteTopic) {
  return useApiMutation({
    mutationFn: (body: string) => call(api.PUT('/api/note/{topic}', { params: { path: { topic } }, body: { body } })),
    success: 'The note is saved.',
    update: (queryClient, note) => queryClient.setQueryData(noteKeys.note(topic), note),
  });
}
