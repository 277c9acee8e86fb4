// The language of the learner's screens: their choice among the olympiad's languages until the clock
// runs, then the language of writing.
import { describe, expect, it } from 'vitest';
import { languageFor } from './language';

const sitting = (languages: ('en' | 'af')[], learner: 'en' | 'af', status?: 'preparing' | 'writing' | 'finished') => ({
  olympiad: { languages },
  learner: { language: learner },
  attempt: status ? { status } : null,
});

describe('languageFor', () => {
  it('follows the learner’s own choice while it is one the olympiad offers', () => {
    expect(languageFor(sitting(['en', 'af'], 'en'), 'af')).toBe('af');
    expect(languageFor(sitting(['en', 'af'], 'af', 'preparing'), 'en')).toBe('en');
    expect(languageFor(sitting(['en'], 'en'), 'af')).toBe('en');
  });

  it('starts from the language the teacher entered, else the olympiad’s first', () => {
    expect(languageFor(sitting(['en', 'af'], 'af'), null)).toBe('af');
    expect(languageFor(sitting(['af'], 'en'), null)).toBe('af');
  });

  it('is the language of writing once the clock runs', () => {
    expect(languageFor(sitting(['en', 'af'], 'af', 'writing'), 'en')).toBe('af');
    expect(languageFor(sitting(['en', 'af'], 'en', 'finished'), 'af')).toBe('en');
  });
});
