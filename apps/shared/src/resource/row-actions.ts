// Row actions that change something: a confirmation first when the action asks for one, then the
// feature's mutation (which says it worked and refreshes the list); a refusal is shown as an alert.
import type { ApiOperation } from '../access/can';
import type { ApiResult } from '../api/envelope';
import { alertError, notify } from '../feedback/notifications';
import type { ConfirmOptions } from '../ui/confirm/confirm-dialog';
import type { BulkAction, RowAction } from '../ui/data-grid/grid-types';

export type ChangeAction<Row> = Omit<RowAction<Row>, 'run'> & {
  /** The change, usually a mutation hook's `mutateAsync`. */
  change: (row: Row) => Promise<ApiResult<unknown>>;
};

/** A change's refusal as an alert, for a change made from a button or a menu (a form puts it on its
 * fields instead); null, a change the person chose not to make, says nothing. */
export function alertRefusal(result: ApiResult<unknown> | null) {
  if (result && !result.ok) alertError(result.message);
}

export function changeAction<Row>({ change, ...action }: ChangeAction<Row>): RowAction<Row> {
  return { ...action, run: async (row) => alertRefusal(await change(row)) };
}

type DeleteAction<Row> = Omit<ChangeAction<Row>, 'label' | 'color' | 'confirm'> & {
  /** Default "Delete"; the confirmation's button says the same. */
  label?: string;
  confirm: (row: Row) => Pick<ConfirmOptions, 'title' | 'message'> & Partial<ConfirmOptions>;
};

/** Deleting or removing a row: a red button, and a confirmation with a red button that names it. */
export function deleteAction<Row>({ label = 'Delete', confirm, ...action }: DeleteAction<Row>): RowAction<Row> {
  return changeAction({ ...action, label, color: 'red', confirm: (row) => ({ danger: true, confirmLabel: label, ...confirm(row) }) });
}

/** "Edit": opens the row in its editor; offered to those who may call the operation that saves it. */
export function editAction<Row>(editor: { edit: (row: Row) => void }, operation?: ApiOperation): RowAction<Row> {
  return { label: 'Edit', operation, run: editor.edit };
}

/** "Copy e-mail addresses" of the chosen rows, comma-separated, for a mail client's To line. */
export function copyEmailsAction<Row>(emailOf: (row: Row) => string | null | undefined): BulkAction<Row> {
  return {
    label: 'Copy e-mail addresses',
    run: async (rows) => {
      const emails = rows.map(emailOf).filter((email): email is string => Boolean(email));
      await navigator.clipboard.writeText(emails.join(', '));
      notify(`Copied ${emails.length} e-mail address${emails.length === 1 ? '' : 'es'}.`, { tone: 'success' });
    },
  };
}
