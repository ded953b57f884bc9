import { Button, Checkbox, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { ButtonLabels } from '@sage/contract';
import { type ReactNode, useState } from 'react';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { reportError } from '../../shared/report-error';
import { canContinue, filterByName, selectedAmong, toggleSelection } from './picker-rules';

export interface PickerOption {
  value: string;
  /** What the search matches (case-insensitive substring). */
  name: string;
  /** Shown instead of the name when given. */
  label?: ReactNode;
  /** A dimmed second line. */
  description?: ReactNode;
  disabled?: boolean;
}

export interface PickerSearch {
  label: string;
  placeholder?: string;
}

export interface PickerDrawerProps {
  drawer: DrawerControls;
  title: ReactNode;
  options: readonly PickerOption[];
  /** Checkboxes (any number) instead of radios (one). */
  multiple?: boolean;
  /** A search box filtering the options by name. */
  search?: PickerSearch;
  /** Shown when no option is left (none at all, or none matching the search). */
  emptyText: string;
  loading?: boolean;
  error?: string | null;
  initialSelected?: readonly string[];
  continueLabel?: string;
  /**
   * Runs on Continue with the chosen values (it moves the drawer on); while its promise is pending the button
   * shows a loader. When it throws, the drawer stays open (the caller has said why).
   */
  onContinue: (values: string[]) => void | Promise<void>;
  /** Extra buttons under Continue. */
  extraActions?: ReactNode;
  /** Accessible name of the option list. */
  listLabel: string;
  /** Spoken name of the loader and of the back arrow (the reader's language, where the picker has it). */
  loadingLabel?: string;
  backLabel?: string;
}

/**
 * The frame every picker shares: optional search, radio or checkbox list with large touch targets, and a
 * Continue button enabled only with a selection among the options shown (alerts doc section 5).
 */
export function PickerDrawer({
  drawer,
  title,
  options,
  multiple = false,
  search,
  emptyText,
  loading = false,
  error = null,
  initialSelected = [],
  continueLabel = ButtonLabels.continue,
  onContinue,
  extraActions,
  listLabel,
  loadingLabel = 'Loading',
  backLabel,
}: PickerDrawerProps) {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<string[]>([...initialSelected]);
  const [busy, setBusy] = useState(false);
  const shown = search ? filterByName(options, text, (o) => o.name) : [...options];
  const offered = shown.filter((o) => !o.disabled).map((o) => o.value);
  const ready = canContinue(selected, offered);

  const submit = async () => {
    const values = selectedAmong(selected, offered);
    if (!ready) return;
    setBusy(true);
    try {
      await onContinue(multiple ? values : values.slice(0, 1));
    } catch (failure) {
      // The caller has shown what went wrong; stay open so the choice can be made again.
      reportError(failure, { drawer: 'picker' });
    } finally {
      setBusy(false);
    }
  };

  const rowStyles = { body: { minHeight: 56, alignItems: 'center' }, labelWrapper: { flex: 1 } } as const;
  const labelOf = (option: PickerOption) => (
    <span>
      {option.label ?? option.name}
      {option.description ? (
        <Text span display="block" c="dimmed" size="sm">
          {option.description}
        </Text>
      ) : null}
    </span>
  );

  return (
    <DrawerLayout
      drawer={drawer}
      title={title}
      backLabel={backLabel}
      actions={
        <>
          <Button size="lg" fullWidth disabled={!ready} loading={busy} onClick={() => void submit()}>
            {continueLabel}
          </Button>
          {extraActions}
        </>
      }
    >
      <Stack gap="sm">
        {search ? (
          <TextInput
            size="lg"
            label={search.label}
            placeholder={search.placeholder}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            data-autofocus
          />
        ) : null}
        {loading ? (
          <Loader aria-label={loadingLabel} />
        ) : error ? (
          <Text c="red">{error}</Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed">{emptyText}</Text>
        ) : multiple ? (
          <Checkbox.Group value={selected} onChange={setSelected} aria-label={listLabel}>
            <Stack gap={0} mah="45dvh" style={{ overflowY: 'auto' }}>
              {shown.map((option) => (
                <Checkbox
                  key={option.value}
                  value={option.value}
                  size="md"
                  disabled={option.disabled}
                  label={labelOf(option)}
                  styles={rowStyles}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Radio.Group
            value={selected[0] ?? null}
            onChange={(value) => setSelected((current) => toggleSelection(current, value, false))}
            aria-label={listLabel}
          >
            <Stack gap={0} mah="45dvh" style={{ overflowY: 'auto' }}>
              {shown.map((option) => (
                <Radio
                  key={option.value}
                  value={option.value}
                  size="md"
                  disabled={option.disabled}
                  label={labelOf(option)}
                  styles={rowStyles}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </DrawerLayout>
  );
}
