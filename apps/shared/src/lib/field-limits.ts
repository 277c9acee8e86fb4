// The limits the server states in its OpenAPI document for request bodies and query parameters
// (src/generated/limits.ts, written by
// `npm run gen:api`): the forms refuse what the server refuses, with the server's numbers.
export { limits, queryLimits } from '../generated/limits';

export function atMost(max: number): string {
  return `must be at most ${max} characters`;
}
