import {
  ActionIcon,
  Button,
  type CSSVariablesResolver,
  createTheme,
  Input,
  InputWrapper,
  type MantineColorsTuple,
  Notification,
  SegmentedControl,
  Table,
} from '@mantine/core';

/**
 * DESIGN.md as code: one brand accent (steel blue), neutral grey surfaces, a system font stack with
 * Arabic and Cyrillic coverage (no font CDN), tabular figures for numbers, and the operator area's
 * `touch` size (targets ≥ 64 px, text ≥ 18 px). Status colours live in components/status.
 */
const steel: MantineColorsTuple = [
  '#edf3f8',
  '#dbe5ef',
  '#b4c9dd',
  '#8aabca',
  '#6791b9',
  '#5081af',
  '#4378aa',
  '#356695',
  '#2c5b86',
  '#1d4e78',
];

export const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Naskh Arabic", "Helvetica Neue", Arial, sans-serif';

/** Height of touch targets in the operator area (DESIGN.md: ≥ 64 px with ≥ 16 px gaps). */
export const TOUCH_TARGET_PX = 64;

const touchButtonVars = {
  root: {
    '--button-height': `${TOUCH_TARGET_PX}px`,
    '--button-padding-x': '28px',
    '--button-fz': '20px',
    '--button-radius': '10px',
  },
};

export const theme = createTheme({
  primaryColor: 'steel',
  primaryShade: { light: 7, dark: 5 },
  colors: { steel },
  fontFamily: FONT_STACK,
  fontFamilyMonospace: 'ui-monospace, "DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace',
  headings: { fontFamily: FONT_STACK, fontWeight: '650' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  components: {
    Button: Button.extend({
      vars: (_theme, props) => (props.size === 'touch' ? touchButtonVars : { root: {} }),
    }),
    ActionIcon: ActionIcon.extend({
      vars: (_theme, props) =>
        props.size === 'touch'
          ? { root: { '--ai-size': `${TOUCH_TARGET_PX}px`, '--ai-radius': '10px' } }
          : { root: {} },
    }),
    Input: Input.extend({
      vars: (_theme, props) =>
        props.size === 'touch'
          ? { wrapper: { '--input-height': `${TOUCH_TARGET_PX}px`, '--input-fz': '20px' } }
          : { wrapper: {} },
    }),
    InputWrapper: InputWrapper.extend({
      vars: (_theme, props) =>
        props.size === 'touch'
          ? {
              label: { '--input-label-size': '18px' },
              error: { '--input-error-size': '16px' },
              description: { '--input-description-size': '16px' },
              success: {},
            }
          : { label: {}, error: {}, description: {}, success: {} },
    }),
    SegmentedControl: SegmentedControl.extend({ defaultProps: { withItemsBorders: false } }),
    Table: Table.extend({ defaultProps: { highlightOnHover: true, verticalSpacing: 'sm' } }),
    Notification: Notification.extend({ defaultProps: { withBorder: true } }),
  },
});

/**
 * Mantine's default "dimmed" grey fails WCAG AA (4.5:1) on our grey surfaces; secondary text uses a
 * darker grey (≈ 7.5:1 on gray-0).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
