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

/**
 * A toolbar glyph drawn, not written: a button's visible text must be part of its name (WCAG 2.5.3), and
 * "1." or "x²" is not part of "Numbered list" or "Superscript". B, I and U are written: their names hold
 * them as the shortcut's letter.
 */
function Glyph({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

/** A letter x, and the small 2 beside it, low or high. */
const X = 'M4 7l8 10M12 7l-8 10';
const TWO = (top: number) => `M15.5 ${top + 1.5}a1.75 1.75 0 1 1 3.5 0c0 1-1 1.6-1.75 2.3L15.5 ${top + 6}h3.75`;

const COMMANDS: { command: string; label: string; icon: ReactNode }[] = [
  { command: 'bold', label: 'Bold (Ctrl+B)', icon: <b>B</b> },
  { command: 'italic', label: 'Italic (Ctrl+I)', icon: <i>I</i> },
  { command: 'underline', label: 'Underline (Ctrl+U)', icon: <u>U</u> },
  { command: 'insertUnorderedList', label: 'Bulleted list', icon: <Glyph path="M10 6h10M10 12h10M10 18h10M4.5 6h.01M4.5 12h.01M4.5 18h.01" /> },
  { command: 'insertOrderedList', label: 'Numbered list', icon: <Glyph path="M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.5 15a1.5 1.5 0 1 1 3 0c0 .8-.7 1.3-1.3 1.8L3.5 19H6.5" /> },
  { command: 'subscript', label: 'Subscript', icon: <Glyph path={`${X}${TWO(14)}`} /> },
  { command: 'superscript', label: 'Superscript', icon: <Glyph path={`${X}${TWO(2)}`} /> },
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
