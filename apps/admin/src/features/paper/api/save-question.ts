// Saving the question editor's question: PUT /api/question/{id}, or POST /api/question for a new one at
// the end of its module; asked first when the olympiad is open (see paper-change), and said once saved.
import { notify } from '@olympiad/shared/feedback/notifications';
import { createQuestion } from './create-question';
import { updateQuestion } from './update-question';
import { usePaperChange } from './paper-change';
import type { QuestionInput, QuestionView } from './paper-types';

export function useSaveQuestion(olympiadId: number) {
  const change = usePaperChange(olympiadId);
  /** `question` is null for a new one. A refusal is left to the form, which puts it on its fields. */
  return async (question: QuestionView | null, input: QuestionInput) => {
    const result = await change((confirm) => (question ? updateQuestion(question.id, input, confirm) : createQuestion(input, confirm)), false);
    if (result?.ok) notify(`Question ${result.data.position} saved.`, { tone: 'success' });
    return result;
  };
}
