import {
  type ActionIconProps,
  type ButtonProps,
  type CheckboxProps,
  createTheme,
  type MantineColorsTuple,
  type NativeSelectProps,
  type NumberInputProps,
  type PasswordInputProps,
  type RadioProps,
  type SelectProps,
  type SwitchProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';

/**
 * Sage green. Shade 7 (the primary shade) carries white text at a contrast ratio of 5.7:1 (WCAG AA).
 */
const sage: MantineColorsTuple = [
  '#ebf6f0',
  '#d7ece0',
  '#abd8bf',
  '#7dc39c',
  '#57b27f',
  '#3fa56c',
  '#2f8a57',
  '#25744a',
  '#1c5e3b',
  '#12472b',
];

/**
 * Staff use cheap phones one-handed: buttons and inputs default to the large size (48 px or more, see
 * theme.css for the smaller sizes), text is 16 px or more, secondary text keeps a readable contrast.
 */
export const theme = createTheme({
  primaryColor: 'sage',
  primaryShade: { light: 7, dark: 5 },
  colors: { sage },
  autoContrast: true,
  // White text on a filled colour lighter than this, black on one darker: the crossover where both reach a
  // contrast of 4.5:1 (WCAG AA). Mantine's 0.3 put white on orange and red at 3:1.
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  // Plain objects, not `Select.extend(...)`: that would import every component named here into the first load
  // (docs/decisions/0382); `satisfies` keeps the props checked.
  components: {
    Button: { defaultProps: { size: 'lg' } satisfies Partial<ButtonProps> },
    ActionIcon: { defaultProps: { size: 'xl' } satisfies Partial<ActionIconProps> },
    TextInput: { defaultProps: { size: 'lg' } satisfies Partial<TextInputProps> },
    PasswordInput: { defaultProps: { size: 'lg' } satisfies Partial<PasswordInputProps> },
    NumberInput: { defaultProps: { size: 'lg' } satisfies Partial<NumberInputProps> },
    Textarea: { defaultProps: { size: 'lg' } satisfies Partial<TextareaProps> },
    Select: { defaultProps: { size: 'lg' } satisfies Partial<SelectProps> },
    NativeSelect: { defaultProps: { size: 'lg' } satisfies Partial<NativeSelectProps> },
    Checkbox: { defaultProps: { size: 'md' } satisfies Partial<CheckboxProps> },
    Radio: { defaultProps: { size: 'md' } satisfies Partial<RadioProps> },
    Switch: { defaultProps: { size: 'lg' } satisfies Partial<SwitchProps> },
  },
});
