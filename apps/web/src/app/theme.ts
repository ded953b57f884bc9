import {
  ActionIcon,
  Button,
  Checkbox,
  createTheme,
  type MantineColorsTuple,
  NativeSelect,
  NumberInput,
  PasswordInput,
  Radio,
  Select,
  Switch,
  Textarea,
  TextInput,
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
  components: {
    Button: Button.extend({ defaultProps: { size: 'lg' } }),
    ActionIcon: ActionIcon.extend({ defaultProps: { size: 'xl' } }),
    TextInput: TextInput.extend({ defaultProps: { size: 'lg' } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { size: 'lg' } }),
    NumberInput: NumberInput.extend({ defaultProps: { size: 'lg' } }),
    Textarea: Textarea.extend({ defaultProps: { size: 'lg' } }),
    Select: Select.extend({ defaultProps: { size: 'lg' } }),
    NativeSelect: NativeSelect.extend({ defaultProps: { size: 'lg' } }),
    Checkbox: Checkbox.extend({ defaultProps: { size: 'md' } }),
    Radio: Radio.extend({ defaultProps: { size: 'md' } }),
    Switch: Switch.extend({ defaultProps: { size: 'lg' } }),
  },
});
