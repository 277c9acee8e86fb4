// A light rich-text editor for question stems, module instructions and an olympiad's texts: a
// contentEditable area with bold, italic, underline, lists, subscript and superscript (H₂O, km²). Pasted
// text arrives as plain text, so that a word processor's styling never comes along; the server sanitises
// whatever is sent before it is stored or shown. A stored text is put into the writing area through
// `putRichHtml`, which cleans it again, as every rich text shown is (see ../lean/rich-text).
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { ActionIcon, Group, Input, Tooltip } from '@mantine/core';
import { putRichHtml } from '../lean/rich-text';
import classes from './rich-text-field.module.css';

const COMMANDS: { command: string; label: string; icon: ReactNode }[] = [
  { command: 'bold', label: 'Bold (Ctrl+B)', icon: <b>B</b> },
  { command: 'italic', label: 'Italic (Ctrl+I)', icon: <i>I</i> },
  { command: 'underline', label: 'Underline (Ctrl+U)', icon: <u>U</u> },
  { command: 'insertUnorderedList', label: 'Bulleted list', icon: '•≡' },
  { command: 'insertOrderedList', label: 'Numbered list', icon: '1.' },
  { command: 'subscript', label: 'Subscript', icon: <span>x₂</span> },
  { command: 'superscript', label: 'Superscript', icon: <span>x²</span> },
];

/** What the editor holds when it looks empty: nothing to store. */
export function isBlankHtml(html: string): boolean {
  return html.replace(/<br\s*\/?>|<\/?(p|div|span)[^>]*>|&nbsp;|\s/g, '') === '';
}

type RichTextEditorProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Height of the writing area before it grows. */
  minHeight?: number;
  lang?: string;
};

export function RichTextEditor({
  label,
  value,
  onChange,
  onBlur,
  description,
  error,
  required,
  disabled,
  minHeight = 96,
  lang,
}: RichTextEditorProps) {
  const id = useId();
  const area = useRef<HTMLDivElement>(null);

  // Only a change from outside (a reset, another question) rewrites the area; typing does not, so the
  // caret stays where it is.
  useEffect(() => {
    const element = area.current;
    if (element && element.innerHTML !== value) putRichHtml(element, value);
  }, [value]);

  const emit = () => {
    const html = area.current?.innerHTML ?? '';
    onChange(isBlankHtml(html) ? '' : html);
  };

  const run = (command: string) => {
    area.current?.focus();
    document.execCommand(command);
    emit();
  };

  return (
    <Input.Wrapper
      label={label}
      id={`${id}-area`}
      labelProps={{ id: `${id}-label`, htmlFor: undefined, onClick: () => area.current?.focus() }}
      description={description}
      error={error}
      required={required}
    >
      <div className={classes.frame} data-invalid={error ? true : undefined} data-disabled={disabled ? true : undefined}>
        <Group gap={2} className={classes.toolbar} role="toolbar" aria-label={`Formatting of ${label}`}>
          {COMMANDS.map(({ command, label: name, icon }) => (
            <Tooltip key={command} label={name} openDelay={400}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="md"
                aria-label={name}
                disabled={disabled}
                // Keeps the selection in the writing area while the button is pressed.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => run(command)}
              >
                {icon}
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
        <div
          ref={area}
          id={`${id}-area`}
          className={classes.area}
          style={{ minHeight }}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-required={required}
          contentEditable={!disabled}
          suppressContentEditableWarning
          lang={lang}
          onInput={emit}
          onBlur={onBlur}
          onPaste={(event) => {
            event.preventDefault();
            document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
          }}
        />
      </div>
    </Input.Wrapper>
  );
}

type RichTextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  minHeight?: number;
  lang?: string;
};

export function RichTextField<T extends FieldValues>({ control, name, ...props }: RichTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <RichTextEditor
      {...props}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
