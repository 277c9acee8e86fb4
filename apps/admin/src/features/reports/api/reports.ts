// The reports: every olympiad at a glance (POST /api/reports/olympiad/overview), one olympiad's schools
// (…/overview/{id}?schoolId), its graph data (…/graph-data/{id}) and its questions by difficulty
// (…/questions-by-difficulty/{id}). They are POSTs in the spec's words, but read nothing: they are
// queries here.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';

export const reportKeys = {
  all: ['reports'] as const,
  glance: () => [...reportKeys.all, 'glance'] as const,
  overview: (olympiadId: number, schoolId: number) => [...reportKeys.all, 'overview', olympiadId, schoolId] as const,
  graph: (olympiadId: number) => [...reportKeys.all, 'graph', olympiadId] as const,
  difficulty: (olympiadId: number) => [...reportKeys.all, 'difficulty', olympiadId] as const,
};

async function getGlance() {
  return unwrap(await call(api.POST('/api/reports/olympiad/overview')));
}

async function getOverview(olympiadId: number, schoolId: number) {
  return unwrap(await call(api.POST('/api/reports/olympiad/overview/{id}', { params: { path: { id: olympiadId }, query: { schoolId } } })));
}

async function getGraphData(olympiadId: number) {
  return unwrap(await call(api.POST('/api/reports/olympiad/graph-data/{id}', { params: { path: { id: olympiadId } } })));
}

async function getQuestionsByDifficulty(olympiadId: number) {
  return unwrap(await call(api.POST('/api/reports/olympiad/questions-by-difficulty/{id}', { params: { path: { id: olympiadId } } })));
}

export type OlympiadGlance = Awaited<ReturnType<typeof getGlance>>[number];
export type OlympiadOverview = Awaited<ReturnType<typeof getOverview>>;
export type GraphData = Awaited<ReturnType<typeof getGraphData>>;
export type QuestionsByDifficulty = Awaited<ReturnType<typeof getQuestionsByDifficulty>>;

export const glanceQuery = () => queryOptions({ queryKey: reportKeys.glance(), queryFn: getGlance, staleTime: 30_000 });
export const overviewQuery = (olympiadId: number, schoolId = -1) =>
  queryOptions({ queryKey: reportKeys.overview(olympiadId, schoolId), queryFn: () => getOverview(olympiadId, schoolId), staleTime: 30_000 });
export const graphDataQuery = (olympiadId: number) =>
  queryOptions({ queryKey: reportKeys.graph(olympiadId), queryFn: () => getGraphData(olympiadId), staleTime: 30_000 });
export const difficultyQuery = (olympiadId: number) =>
  queryOptions({ queryKey: reportKeys.difficulty(olympiadId), queryFn: () => getQuestionsByDifficulty(olympiadId), staleTime: 30_000 });
