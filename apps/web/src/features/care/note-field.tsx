import { Textarea } from '@mantine/core';
import { NOTE_MAX_LENGTH } from '@sage/contract';
import { noteFieldState } from '@sage/domain';
import { useMessages } from '../../shared/i18n';
import './care-messages';

export interface NoteFieldProps {
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
  /** Show the error only once the field has been changed. */
  touched?: boolean;
  rows?: number;
}

/**
 * The note field of alerts doc section 5: label 'Enter notes here' (+ ' (optional)'), helper
 * 'N characters remaining' / 'N characters over the limit', 'This field is required'. Validation runs on
 * change.
 */
export function NoteField({
  value,
  onChange,
  required = false,
  maxLength = NOTE_MAX_LENGTH,
  placeholder,
  disabled,
  touched = true,
  rows = 4,
}: NoteFieldProps) {
  const m = useMessages('resolve');
  const state = noteFieldState(value, { required, maxLength });
  // The rule is the domain's; its texts in the reader's language (decision 0630).
  const over = value.length - maxLength;
  const helperText =
    over > 0 ? m.charactersOverLimit({ count: over }) : m.charactersRemaining({ count: -over });
  const stateError =
    state.error === null ? null : state.error === state.helperText ? helperText : m.noteRequired();
  // The over-limit text is both helper and error: shown once, as the error.
  const error = touched ? stateError : null;
  return (
    <Textarea
      label={required ? m.noteLabel() : m.noteLabelOptional()}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      description={error === helperText ? undefined : helperText}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={error}
      minRows={rows}
      autosize
      disabled={disabled}
    />
  );
}
