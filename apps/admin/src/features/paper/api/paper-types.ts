// The paper's shapes as the server's OpenAPI document describes them.
import type { components } from '@olympiad/shared/api/schema';

type Schemas = components['schemas'];
export type ModuleView = Schemas['ModuleView'];
export type QuestionView = Schemas['QuestionView'];
export type QuestionInput = Schemas['QuestionInput'];
export type QuestionKind = Schemas['QuestionKind'];
export type Language = Schemas['Language'];
export type Problem = Schemas['Problem'];
export type ModuleInput = Schemas['ModuleInput'];
export type QuestionBank = Schemas['QuestionBank'];
export type CsvImport = Schemas['CsvImport'];
export type UpdateSettings = Schemas['UpdateSettings'];
/** Localized text, e.g. `{ en: "…", af: "…" }`. */
export type Localized = { [language: string]: string };

export const LANGUAGES: { value: Language; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'af', label: 'Afrikaans' },
];

export const KIND_LABELS: Record<QuestionKind, string> = {
  singleChoice: 'Single choice',
  multipleChoice: 'Multiple choice',
  trueFalse: 'True or false',
  numeric: 'Numeric',
  shortText: 'Short text',
};

/** Query keys from general to specific: everything of the paper hangs under `['paper', olympiadId]`. */
export const paperKeys = {
  all: ['paper'] as const,
  olympiad: (olympiadId: number) => [...paperKeys.all, olympiadId] as const,
  modules: (olympiadId: number) => [...paperKeys.olympiad(olympiadId), 'modules'] as const,
  questions: (olympiadId: number, moduleId: number) => [...paperKeys.olympiad(olympiadId), 'questions', moduleId] as const,
  whole: (olympiadId: number) => [...paperKeys.olympiad(olympiadId), 'whole'] as const,
  verification: (olympiadId: number) => [...paperKeys.olympiad(olympiadId), 'verification'] as const,
  settings: (olympiadId: number) => [...paperKeys.olympiad(olympiadId), 'settings'] as const,
  /** Every list of files: one olympiad's, and the overlord's of every olympiad. */
  allAttachments: () => [...paperKeys.all, 'attachments'] as const,
  attachments: (olympiadId: number | null) => [...paperKeys.allAttachments(), olympiadId ?? 'every'] as const,
  uploads: () => [...paperKeys.all, 'uploads'] as const,
};
