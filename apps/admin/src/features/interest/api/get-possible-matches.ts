// GET /api/interest/expression-of-interest/possible-matches: schools and teachers like the expression's.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { interestKeys } from './get-expressions';

async function getPossibleMatches(expressionId: number) {
  return unwrap(await call(api.GET('/api/interest/expression-of-interest/possible-matches', { params: { query: { expressionId } } })));
}

export type PossibleMatches = Awaited<ReturnType<typeof getPossibleMatches>>;

export function possibleMatchesQuery(expressionId: number) {
  return queryOptions({ queryKey: interestKeys.matches(expressionId), queryFn: () => getPossibleMatches(expressionId) });
}
