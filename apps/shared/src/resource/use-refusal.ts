// A dialog's own change (a release, an upload, a preview): the server's refusal stays in the dialog as
// its message until the next try; success clears it and goes on (closes the dialog). The mutation hook
// has already said it worked and refreshed its lists.
import { useState } from 'react';
import type { ApiResult } from '../api/envelope';

export type Refusal = {
  /** What the server said the last time it refused; null after a success. */
  message: string | null;
  /** Waits for the change; on success clears the message and runs `then` with the answer. */
  attempt: <Data>(change: Promise<ApiResult<Data>>, then?: (data: Data) => void) => Promise<boolean>;
};

export function useRefusal(): Refusal {
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    attempt: async (change, then) => {
      const result = await change;
      if (!result.ok) {
        setMessage(result.message);
        return false;
      }
      setMessage(null);
      then?.(result.data);
      return true;
    },
  };
}
