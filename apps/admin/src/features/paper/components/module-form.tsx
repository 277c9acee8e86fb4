// The form of a question module: its title and instructions in each offered language, and an optional
// time limit of its own.
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { FormAlert, NumberField, SubmitButton, TextField } from '@olympiad/shared/ui/form/form-fields';
import { RichTextField } from '@olympiad/shared/ui/form/rich-text-field';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import { localizedSchema } from '../localized-schema';
import { createModule } from '../api/create-module';
import { updateModule } from '../api/update-module';
import { LANGUAGES, type Language, type ModuleInput, type ModuleView } from '../api/paper-types';
import { usePaperChange } from '../api/paper-change';
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

type ModuleForm = z.input<typeof moduleFormSchema>;

export function moduleInputOf(form: z.output<typeof moduleFormSchema>, olympiadId?: number): ModuleInput {
  const input: ModuleInput = {
    title: Object.fromEntries(Object.entries(form.title).filter(([, text]) => text.trim() !== '')),
    instructions: Object.fromEntries(Object.entries(form.instructions).filter(([, text]) => text.trim() !== '')),
    timeLimitMinutes: form.timeLimitMinutes ?? null,
  };
  if (olympiadId !== undefined) input.olympiadId = olympiadId;
  return input;
}

type ModuleFormModalProps = {
  olympiadId: number;
  languages: Language[];
  /** The module to change; null for a new one; undefined when the dialog is closed. */
  module: ModuleView | null | undefined;
  onClose: () => void;
};

export function ModuleFormModal({ olympiadId, languages, module, onClose }: ModuleFormModalProps) {
  const form = useZodForm(moduleFormSchema, { title: {}, instructions: {} });
  const [formError, setFormError] = useState<string | null>(null);
  const change = usePaperChange(olympiadId);
  const { reset } = form;

  useEffect(() => {
    if (module === undefined) return;
    setFormError(null);
    reset({ title: { ...module?.title }, instructions: { ...module?.instructions }, timeLimitMinutes: module?.timeLimitMinutes ?? undefined });
  }, [module, reset]);

  const submit = form.handleSubmit(async (values) => {
    const result =
      module == null
        ? await change((confirm) => createModule(moduleInputOf(values, olympiadId), confirm), false)
        : await change((confirm) => updateModule(module.id, moduleInputOf(values), confirm), false);
    if (result === null) return;
    if (!result.ok) {
      setFormError(applyServerErrors(result, (name, error) => form.setError(name as keyof ModuleForm, error), ['timeLimitMinutes']));
      return;
    }
    onClose();
  });

  const offered = LANGUAGES.filter((language) => languages.includes(language.value));
  return (
    <Modal opened={module !== undefined} onClose={onClose} title={module ? 'Change module' : 'New module'} size="lg">
      <form onSubmit={submit} noValidate>
        <FormAlert message={formError} />
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: offered.length }}>
            {offered.map((language) => (
              <TextField key={language.value} control={form.control} name={`title.${language.value}`} label={`Title (${language.label})`} />
            ))}
          </SimpleGrid>
          {offered.map((language) => (
            <RichTextField
              key={language.value}
              control={form.control}
              name={`instructions.${language.value}`}
              label={`Instructions (${language.label})`}
              description="Shown to learners before the module's first question."
              lang={language.value}
            />
          ))}
          <NumberField
            control={form.control}
            name="timeLimitMinutes"
            label="Time limit of its own (minutes)"
            description="Leave empty when the module shares the olympiad's time."
            min={1}
            max={600}
            allowDecimal={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton submitting={form.formState.isSubmitting}>{module ? 'Save module' : 'Add module'}</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
