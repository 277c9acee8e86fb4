// Validation failures answer `{error:"validation", errorMsg, fields:{name:"message"}}`: each message goes on
// its field; what no field takes is returned for the form's alert.
import type { ApiFailure } from '../../api/envelope';

export function applyServerErrors(
  failure: ApiFailure,
  setError: (name: string, error: { type: string; message: string }) => void,
  fieldNames: readonly string[],
): string | null {
  let placed = 0;
  for (const [name, message] of Object.entries(failure.fields)) {
    if (!fieldNames.includes(name)) continue;
    setError(name, { type: 'server', message });
    placed += 1;
  }
  return placed > 0 && placed === Object.keys(failure.fields).length ? null : failure.message;
}
