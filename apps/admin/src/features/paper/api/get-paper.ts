// POST /api/olympiad/modules/{id}: the whole paper (modules with their questions and answers), for the
// admin's views that need every question at once: Verify's links and the file manager's "used by".
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { paperKeys } from './paper-types';

export async function getPaper(olympiadId: number) {
  return unwrap(await call(api.POST('/api/olympiad/modules/{id}', { params: { path: { id: olympiadId } } })));
}

export type PaperModule = Awaited<ReturnType<typeof getPaper>>[number];

export function usePaper(olympiadId: number | null) {
  return useQuery({
    ...queryOptions({ queryKey: paperKeys.whole(olympiadId ?? 0), queryFn: () => getPaper(olympiadId ?? 0) }),
    enabled: olympiadId !== null,
  });
}

/** Where a question stands, for people: "Maps and the globe, question 3". */
export function questionPlaces(paper: PaperModule[] | undefined): Map<number, { moduleId: number; label: string }> {
  const places = new Map<number, { moduleId: number; label: string }>();
  for (const { module, questions } of paper ?? []) {
    const title = module.title.en ?? Object.values(module.title)[0] ?? `Module ${module.position}`;
    for (const question of questions) {
      places.set(question.id, { moduleId: module.id, label: `${title}, question ${question.position}` });
    }
  }
  return places;
}
