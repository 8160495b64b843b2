import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeComponent,
} from '@mantine/core';
import './theme.css';

/**
 * docs/design.md as code: one brand accent (steel blue), neutral grey surfaces, a system font stack with
 * Arabic and Cyrillic coverage (no font CDN), tabular figures for numbers, and the operator area's
 * `touch` size (targets ≥ 64 px, text ≥ 18 px). Status colours live in components/status.
 *
 * Defaults that make every screen fit every language and width: text fields take the direction of
 * what is typed in them (`dir="auto"`: a German street name stays left-to-right in the Arabic UI, an
 * Arabic name right-to-left in the German one), tab lists scroll sideways instead of wrapping, and
 * dialogs use the whole phone screen.
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

const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Naskh Arabic", "Helvetica Neue", Arial, sans-serif';

/** Height of touch targets in the operator area (docs/design.md: ≥ 64 px with ≥ 16 px gaps). */
const TOUCH_TARGET_PX = 64;

const touchButtonVars = {
  root: {
    '--button-height': `${TOUCH_TARGET_PX}px`,
    '--button-padding-x': '28px',
    '--button-fz': '20px',
    '--button-radius': '10px',
  },
};

/** Class names of the theme-wide CSS in theme.css (stable, so tests and the CSS agree). */
export const THEME_CLASSES = {
  tabsList: 'kerf-tabs-list',
  tab: 'kerf-tab',
  modalRoot: 'kerf-modal-root',
  modalBody: 'kerf-modal-body',
} as const;

/**
 * `dir="auto"` on the `<input>`/`<textarea>` element itself: Mantine's `dir` prop lands on the wrapper
 * around it (where "auto" would look at no text at all), the `attributes` prop on the element.
 */
const TEXT_DIRECTION_AUTO = { attributes: { input: { dir: 'auto' } } };

/**
 * What Mantine's `Component.extend()` does (it returns its argument), without importing the
 * component: the theme is part of every page's first load, and importing Modal, Tabs, Table,
 * Autocomplete … only to extend them would put their code there too (issue 15, bundle budget).
 */
type SizeProps = { size?: unknown };
const extend = (input: MantineThemeComponent) => input;

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
    Button: extend({
      vars: (_theme: unknown, props: SizeProps) => (props.size === 'touch' ? touchButtonVars : { root: {} }),
      // bold 20 px on the terminal: large text for the contrast rules (3:1), as its status colours need
      styles: (_theme: unknown, props: SizeProps) =>
        props.size === 'touch' ? { root: { fontWeight: 700 } } : {},
    }),
    ActionIcon: extend({
      vars: (_theme: unknown, props: SizeProps) =>
        props.size === 'touch'
          ? { root: { '--ai-size': `${TOUCH_TARGET_PX}px`, '--ai-radius': '10px' } }
          : { root: {} },
    }),
    Input: extend({
      vars: (_theme: unknown, props: SizeProps) =>
        props.size === 'touch'
          ? { wrapper: { '--input-height': `${TOUCH_TARGET_PX}px`, '--input-fz': '20px' } }
          : { wrapper: {} },
    }),
    InputWrapper: extend({
      vars: (_theme: unknown, props: SizeProps) =>
        props.size === 'touch'
          ? {
              label: { '--input-label-size': '18px' },
              error: { '--input-error-size': '16px' },
              description: { '--input-description-size': '16px' },
              success: {},
            }
          : { label: {}, error: {}, description: {}, success: {} },
    }),
    TextInput: extend({ defaultProps: TEXT_DIRECTION_AUTO }),
    Textarea: extend({ defaultProps: TEXT_DIRECTION_AUTO }),
    Autocomplete: extend({ defaultProps: TEXT_DIRECTION_AUTO }),
    Tabs: extend({ classNames: { list: THEME_CLASSES.tabsList, tab: THEME_CLASSES.tab } }),
    Modal: extend({
      classNames: { root: THEME_CLASSES.modalRoot, body: THEME_CLASSES.modalBody },
    }),
    SegmentedControl: extend({ defaultProps: { withItemsBorders: false } }),
    Table: extend({ defaultProps: { highlightOnHover: true, verticalSpacing: 'sm' } }),
    Notification: extend({ defaultProps: { withBorder: true } }),
  },
});

/**
 * Mantine's default "dimmed" grey fails WCAG AA (4.5:1) on our grey surfaces; secondary text uses a
 * darker grey (≈ 7.5:1 on gray-0).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // field error texts and borders: Mantine's red 6 reads 3.3:1 on white, below WCAG AA's 4.5:1
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Mantine fills and outlines red and blue buttons in shade 7: white on it, or it on white, reads
    // below 4.5:1 (button-contrast.test.ts). Shade 9 reads at 5.5:1 and more.
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
    '--mantine-color-blue-filled': 'var(--mantine-color-blue-9)',
    '--mantine-color-blue-outline': 'var(--mantine-color-blue-9)',
  },
  dark: {},
});
