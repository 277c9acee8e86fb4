// An editor over one record whose parts are not a form's fields: a certificate design whose PDF is made
// again as it is edited, a rich text previewed before it is published, a note. The draft starts as the
// record and starts again when the record's values change (the one the server answers with after a
// save, another chosen), not when a refresh brings the same values, so what is being edited stays. A
// save that is refused keeps the server's messages by the names of its fields, and its sentence when it
// names none. The save itself, with its sentence and what it refreshes, is the feature's mutation hook;
// `useRecordForm` is the same for a react-hook-form form.
import { useEffect, useState } from 'react';
import type { ApiResult } from '../api/envelope';

export type RecordDraftOptions<Value, Data> = {
  /** The record as saved. */
  record: Value;
  /** Sends a draft, usually a mutation's `mutateAsync`; null when nothing was sent. */
  save: (draft: Value) => Promise<ApiResult<Data> | null>;
  /** What follows a save that was made (a list's editor closes). */
  onSaved?: (data: Data) => void;
};

export type RecordDraft<Value> = {
  draft: Value;
  /** Replaces the draft, or changes some of its parts. */
  set: (draft: Value) => void;
  change: (parts: Partial<Value>) => void;
  /** Whether the draft differs from the record. */
  changed: boolean;
  /** The draft back to the record. */
  undo: () => void;
  /** Sends the draft, or another value of it (a text as previewed, an older version taken back). */
  submit: (value?: Value) => Promise<void>;
  saving: boolean;
  /** The server's messages by the names of its fields, from the last refusal. */
  errors: Record<string, string>;
  /** The last refusal's sentence, when it names no field. */
  message: string | null;
};

export function useRecordDraft<Value, Data = unknown>({ record, save, onSaved }: RecordDraftOptions<Value, Data>): RecordDraft<Value> {
  const [draft, setDraft] = useState(record);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The record compared as text: a refresh answers a new object with the same values.
  const saved = JSON.stringify(record);
  useEffect(() => {
    setDraft(record);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `saved` is `record`, compared by what it holds
  }, [saved]);
  return {
    draft,
    set: setDraft,
    change: (parts) => setDraft((current) => ({ ...current, ...parts })),
    changed: JSON.stringify(draft) !== saved,
    undo: () => setDraft(record),
    saving,
    errors,
    message,
    submit: async (value = draft) => {
      setSaving(true);
      const result = await save(value).finally(() => setSaving(false));
      if (result === null) return;
      setErrors(result.ok ? {} : result.fields);
      setMessage(result.ok || Object.keys(result.fields).length > 0 ? null : result.message);
      if (result.ok) onSaved?.(result.data);
    },
  };
}
