// The form of a question module: its title and instructions in each offered language, and an optional
// time limit of its own.
import { z } from 'zod';
import { SimpleGrid } from '@mantine/core';
import { NumberField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { RichTextField } from '@olympiad/shared/ui/form/rich-text-field';
import { EditorModal } from '@olympiad/shared/resource/editor-modal';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { localizedSchema } from '../localized-schema';
import { useSaveModule } from '../api/modules';
import { LANGUAGES, type Language, type ModuleInput, type ModuleView } from '../api/paper-types';
import { limits } from '@olympiad/shared/lib/field-limits';

const timeLimit = limits.ModuleInput.timeLimitMinutes;

export const moduleFormSchema = z
  .object({
    title: localizedSchema,
    instructions: localizedSchema,
    timeLimitMinutes: z.number().int('Whole minutes only').min(timeLimit.minimum, `From ${timeLimit.minimum} to ${timeLimit.maximum} minutes`).max(timeLimit.maximum, `From ${timeLimit.minimum} to ${timeLimit.maximum} minutes`).optional(),
  })
  .refine((form) => Object.values(form.title).some((title) => title.trim() !== ''), {
    path: ['title.en'],
    message: 'Give the module a title',
  });

export function moduleInputOf(form: z.output<typeof moduleFormSchema>, olympiadId?: number): ModuleInput {
  const input: ModuleInput = {
    title: Object.fromEntries(Object.entries(form.title).filter(([, text]) => text.trim() !== '')),
    instructions: Object.fromEntries(Object.entries(form.instructions).filter(([, text]) => text.trim() !== '')),
    timeLimitMinutes: form.timeLimitMinutes ?? null,
  };
  if (olympiadId !== undefined) input.olympiadId = olympiadId;
  return input;
}

/** The module dialog's editor: `create()` for a new module, `edit(module)` to change one. */
export function useModuleEditor(olympiadId: number | null) {
  const saving = useSaveModule(olympiadId);
  return useResourceEditor({
    schema: moduleFormSchema,
    empty: { title: {}, instructions: {} },
    valuesOf: (module: ModuleView) => ({ title: { ...module.title }, instructions: { ...module.instructions }, timeLimitMinutes: module.timeLimitMinutes ?? undefined }),
    serverFields: ['timeLimitMinutes'],
    save: (values, module) => saving.mutateAsync({ module, input: moduleInputOf(values, module === null ? (olympiadId ?? undefined) : undefined) }),
  });
}

export function ModuleFormModal({ editor, languages }: { editor: ReturnType<typeof useModuleEditor>; languages: Language[] }) {
  const offered = LANGUAGES.filter((language) => languages.includes(language.value));
  const { control } = editor.form;
  return (
    <EditorModal editor={editor} title={(module) => (module ? 'Change module' : 'New module')} submitLabel={(module) => (module ? 'Save module' : 'Add module')}>
      <SimpleGrid cols={{ base: 1, sm: offered.length }}>
        {offered.map((language) => (
          <TextField key={language.value} control={control} name={`title.${language.value}`} label={`Title (${language.label})`} />
        ))}
      </SimpleGrid>
      {offered.map((language) => (
        <RichTextField
          key={language.value}
          control={control}
          name={`instructions.${language.value}`}
          label={`Instructions (${language.label})`}
          description="Shown to learners before the module's first question."
          lang={language.value}
        />
      ))}
      <NumberField
        control={control}
        name="timeLimitMinutes"
        label="Time limit of its own (minutes)"
        description="Leave empty when the module shares the olympiad's time."
        min={timeLimit.minimum}
        max={timeLimit.maximum}
        allowDecimal={false}
      />
    </EditorModal>
  );
}
