// A change sent to the API, as every feature's api file declares it beside its queries: what it sends,
// the sentence that says it worked, and the queries it makes stale. A screen only runs it. The server's
// refusal is an answer, not an exception: it comes back as the result, for the form's fields or an
// alert, and changes nothing here. A change that asks first (the paper of an open olympiad) answers null
// when the person said no: nothing was sent, so nothing is said or refreshed.
import { useMutation, useQueryClient, type QueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import type { ApiResult } from '../api/envelope';
import { notify } from '../feedback/notifications';

export type ApiMutationOptions<Vars, Data, Answer = ApiResult<Data>> = {
  mutationFn: (vars: Vars) => Promise<Answer>;
  /** The sentence shown when the change is made. */
  success?: string | ((data: Data, vars: Vars) => string);
  /** The queries the change makes stale; they load again before the caller goes on (closes its dialog). */
  invalidates?: (vars: Vars, data: Data) => readonly QueryKey[];
  /** What the answer itself puts in the cache (the server answers with the record as it now is). */
  update?: (queryClient: QueryClient, data: Data, vars: Vars) => void;
};

export type ApiMutation<Vars, Data, Answer = ApiResult<Data>> = UseMutationResult<Answer, Error, Vars>;

export function useApiMutation<Vars = void, Data = unknown>(options: ApiMutationOptions<Vars, Data>): ApiMutation<Vars, Data>;
export function useApiMutation<Vars = void, Data = unknown>(
  options: ApiMutationOptions<Vars, Data, ApiResult<Data> | null>,
): ApiMutation<Vars, Data, ApiResult<Data> | null>;
export function useApiMutation<Vars, Data>(options: ApiMutationOptions<Vars, Data, ApiResult<Data> | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result, vars) => {
      if (!result?.ok) return;
      options.update?.(queryClient, result.data, vars);
      const sentence = typeof options.success === 'function' ? options.success(result.data, vars) : options.success;
      if (sentence) notify(sentence, { tone: 'success' });
      const stale = options.invalidates?.(vars, result.data) ?? [];
      await Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
