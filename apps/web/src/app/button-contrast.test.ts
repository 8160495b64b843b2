import {
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  defaultVariantColorsResolver,
  mergeMantineTheme,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/**
 * Every button variant the app uses, in every colour it gives buttons, has a text contrast of at least
 * 4.5:1 (WCAG 1.4.3) on the white page. Mantine's own colour resolver says which background and text
 * each variant gets; its CSS variables resolve to the theme's colours. (A light button in a shade
 * colour — `color="red.8" variant="light"` — gets a solid background under text of the same hue:
 * the customer-service "End" button read 1.2:1.)
 */
const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const defaults = defaultCssVariablesResolver(merged);
const own = cssVariablesResolver(merged);
const variables: Record<string, string> = {
  ...defaults.variables,
  ...defaults.light,
  ...own.variables,
  ...own.light,
};

function resolve(value: string): string {
  const match = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (!match) return value.trim();
  const next = variables[match[1]!];
  if (next === undefined) throw new Error(`unknown CSS variable ${match[1]}`);
  return resolve(next);
}

type Rgba = [number, number, number, number];
function parse(color: string): Rgba {
  const value = resolve(color);
  if (value === 'transparent') return [255, 255, 255, 0];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    const n = Number.parseInt(digits, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(value);
  if (rgb) {
    const [r, g, b, a = 1] = rgb[1]!.split(',').map((part) => Number(part.trim()));
    return [r!, g!, b!, a];
  }
  throw new Error(`cannot read colour ${value}`);
}

/** the colour over white (the page), alpha composited */
const overWhite = ([r, g, b, a]: Rgba): [number, number, number] => [
  r * a + 255 * (1 - a),
  g * a + 255 * (1 - a),
  b * a + 255 * (1 - a),
];
const luminance = (rgb: [number, number, number]) => {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
function contrast(text: string, background: string): number {
  const back = overWhite(parse(background));
  const fore = parse(text);
  const front: [number, number, number] = [
    fore[0] * fore[3] + back[0] * (1 - fore[3]),
    fore[1] * fore[3] + back[1] * (1 - fore[3]),
    fore[2] * fore[3] + back[2] * (1 - fore[3]),
  ];
  const [l1, l2] = [luminance(front), luminance(back)].sort((a, b) => b - a);
  return (l1! + 0.05) / (l2! + 0.05);
}

const VARIANTS = ['filled', 'light', 'outline', 'subtle', 'default', 'white', 'transparent'] as const;
/** the theme colours the staff areas give buttons (any variant) */
const COLORS = ['steel', 'red', 'gray', 'blue'] as const;
/** shades the staff areas use for filled buttons (danger): white text on them */
const FILLED_SHADES = ['red.8', 'red.9', 'gray.7', 'blue.8'] as const;
/** Mantine's light, subtle and transparent variants take a shade colour's hue for text on its own tint */
const NOT_WITH_SHADES = ['light', 'subtle', 'transparent'] as const;

const ratioOf = (variant: string, color: string) => {
  const colors = defaultVariantColorsResolver({ color, theme: merged, variant });
  return contrast(colors.color ?? '#000000', colors.background ?? 'transparent');
};

describe('button variants', () => {
  it('the colour arithmetic agrees with known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrast('#fff', '#ffffff')).toBeCloseTo(1, 5);
  });

  for (const variant of VARIANTS)
    for (const color of COLORS)
      it(`${variant} ${color} reads at 4.5:1 or more`, () => {
        const ratio = ratioOf(variant, color);
        expect(ratio, `${variant} ${color}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
      });

  for (const color of FILLED_SHADES)
    it(`filled ${color} reads at 4.5:1 or more`, () => {
      expect(ratioOf('filled', color)).toBeGreaterThanOrEqual(4.5);
    });

  it('a field error reads at 4.5:1 or more on the white page', () => {
    const ratio = contrast(variables['--mantine-color-error']!, '#ffffff');
    expect(ratio, `error text: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(4.5);
  });

  it('a shade colour in a light, subtle or transparent variant would be illegible (so none uses one)', () => {
    for (const variant of NOT_WITH_SHADES) expect(ratioOf(variant, 'red.8'), variant).toBeLessThan(4.5);
  });
});
