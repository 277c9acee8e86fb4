// The language of the learner's screens. Before the details screen sets the language of writing, it
// follows the learner's own choice (the switch), else the language their teacher entered, among the
// olympiad's languages; once the clock runs it is the language of writing, the paper's.
import { createStore, useStore } from '@olympiad/shared/lib/create-store';
import { WORDS, type Words } from './words';

export type Language = 'en' | 'af';

/** Each language named in itself, for choosing it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', af: 'Afrikaans' };

const CHOICE_KEY = 'olympiad.language';

function storedChoice(): Language | null {
  try {
    const value = window.localStorage.getItem(CHOICE_KEY);
    return value === 'en' || value === 'af' ? value : null;
  } catch {
    return null;
  }
}

const language = createStore<Language>(storedChoice() ?? 'en');

function show(next: Language): void {
  language.set(next);
  document.documentElement.lang = next;
}

/** The learner chose a language with the switch (or on the details screen). */
export function chooseLanguage(next: Language): void {
  try {
    window.localStorage.setItem(CHOICE_KEY, next);
  } catch {
    // Kept for this page only.
  }
  show(next);
}

type SittingLanguages = {
  olympiad: { languages: Language[] };
  learner: { language: Language };
  attempt?: { status: string } | null;
};

/** The language to show for this learner now. */
export function languageFor({ olympiad, learner, attempt }: SittingLanguages, choice: Language | null = storedChoice()): Language {
  const offered = olympiad.languages.length > 0 ? olympiad.languages : [learner.language];
  if (attempt && attempt.status !== 'preparing') return learner.language;
  if (choice && offered.includes(choice)) return choice;
  return offered.includes(learner.language) ? learner.language : (offered[0] ?? 'en');
}

/** Shows the language the sitting calls for (the layout's words follow). */
export function followSitting(view: SittingLanguages): void {
  show(languageFor(view));
}

export function useLanguage(): Language {
  return useStore(language);
}

export function useWords(): Words {
  return WORDS[useStore(language)];
}
