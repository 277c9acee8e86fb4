// Said above the paper's screens while the olympiad is open: changes are asked about and logged.
import { Alert } from '@mantine/core';
import type { OlympiadSettings } from '../api/get-olympiad';

export function OpenPaperNotice({ olympiad }: { olympiad: OlympiadSettings | undefined }) {
  if (!olympiad?.isOpen) return null;
  return (
    <Alert color="yellow" title="This olympiad is open">
      Learners may be writing it. Every change to the paper is confirmed first and written to the activity log.
    </Alert>
  );
}
