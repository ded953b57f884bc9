import { Textarea } from '@mantine/core';
import { NOTE_MAX_LENGTH } from '@sage/contract';
import { noteFieldState } from '@sage/domain';

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
  const state = noteFieldState(value, { required, maxLength });
  // The over-limit text is both helper and error: shown once, as the error.
  const error = touched ? state.error : null;
  return (
    <Textarea
      label={state.label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      description={error === state.helperText ? undefined : state.helperText}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={error}
      minRows={rows}
      autosize
      disabled={disabled}
    />
  );
}
