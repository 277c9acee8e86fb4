// The question as the learner sees it: each kind's input, the answer's shape, and the two languages.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuestionView, type QuestionViewQuestion } from './question-view';

const choice: QuestionViewQuestion = {
  kind: 'singleChoice',
  stem: '<p>Which is the <b>longest</b> river?</p>',
  options: [
    { key: 'a', text: 'Orange' },
    { key: 'b', text: 'Limpopo' },
  ],
  imageUrl: 'blob:map',
};

describe('QuestionView', () => {
  it('answers a single choice with one key', async () => {
    const onAnswer = vi.fn();
    render(<QuestionView question={choice} language="en" answer={['a']} onAnswer={onAnswer} />);
    expect(screen.getByText('longest').tagName).toBe('B');
    expect(screen.getByRole('img', { name: 'Picture for this question' })).toHaveAttribute('src', 'blob:map');
    expect(screen.getByRole('radio', { name: 'Orange' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Limpopo' }));
    expect(onAnswer).toHaveBeenCalledWith(['b']);
  });

  it('adds and removes keys of a multiple choice', async () => {
    const onAnswer = vi.fn();
    render(<QuestionView question={{ ...choice, kind: 'multipleChoice' }} language="en" answer={['a']} onAnswer={onAnswer} />);
    screen.getByText('Choose every answer that is right.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Limpopo' }));
    expect(onAnswer).toHaveBeenLastCalledWith(['a', 'b']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Orange' }));
    expect(onAnswer).toHaveBeenLastCalledWith([]);
  });

  it('offers true or false in Afrikaans', async () => {
    const onAnswer = vi.fn();
    render(<QuestionView question={{ kind: 'trueFalse', stem: '<p>Kaapstad is ’n hoofstad.</p>' }} language="af" answer={[]} onAnswer={onAnswer} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Waar' }));
    expect(onAnswer).toHaveBeenCalledWith(['true']);
    expect(screen.getByRole('radio', { name: 'Onwaar' })).not.toBeChecked();
  });

  it('takes a typed number or text, and shows without changing when disabled', async () => {
    const onAnswer = vi.fn();
    const { rerender } = render(
      <QuestionView question={{ kind: 'numeric', stem: '<p>How many provinces?</p>' }} language="en" answer="" onAnswer={onAnswer} />,
    );
    const input = screen.getByRole('textbox', { name: 'Your answer (a number)' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(input, '9');
    expect(onAnswer).toHaveBeenCalledWith('9');
    rerender(<QuestionView question={{ kind: 'shortText', stem: '<p>Capital?</p>' }} language="af" answer="Maseru" onAnswer={onAnswer} disabled />);
    expect(screen.getByRole('textbox', { name: 'Jou antwoord' })).toHaveValue('Maseru');
    expect(screen.getByRole('textbox', { name: 'Jou antwoord' })).toBeDisabled();
  });

  it('names an option not written yet by its place, so that the preview of a new question has no unnamed input', () => {
    const draft = { ...choice, options: [{ key: 'a', text: 'Orange' }, { key: 'b', text: '<p><br></p>' }] };
    render(<QuestionView question={draft} language="en" answer={[]} onAnswer={() => {}} />);
    expect(screen.getByRole('radio', { name: 'Option 2 has no text yet' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Orange' })).toBeInTheDocument();
  });
});
