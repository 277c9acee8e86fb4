import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  getPrimaryShade,
  luminance,
  parseThemeColor,
  rem,
  toRgba,
  type CSSVariablesResolver,
  type MantineTheme,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import { brandColorOf } from '../brand/brand-palette';

// Every colour of text the kit draws meets WCAG 2.2 AA (4.5:1) on the backgrounds it is drawn on. Mantine's
// defaults do not: dimmed text is gray.6 (3.3:1 on white), and a light badge's text is the same shade as the
// tint behind it (red.8 on its tint, 3.9:1). The readable colours are worked out here, once per theme, from
// Mantine's own palette: the first shade, going darker, that reads at AA; past shade 9, shade 9 darkened.

/** AA for normal text, with a little room for the browser's rounding of tints. */
const AA = 4.6;
/** Mantine's light variants: the colour at 10 % (12 % on hover) over the page. */
const TINT = 0.1;
const TINT_HOVER = 0.12;

type Rgb = { r: number; g: number; b: number };

const hex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** `color` at `alpha` over the opaque `page`, as the eye sees it. */
function over(color: string, alpha: number, page: string): string {
  const top = toRgba(color);
  const bottom = toRgba(page);
  const mix = (a: number, b: number) => a * alpha + b * (1 - alpha);
  return hex({ r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b) });
}

/** WCAG's contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The first of `shades` (a palette from `from` on, lightest first) that reads at AA on every background;
 * when even the last does not, the last darkened until it does.
 */
function readable(shades: readonly string[], from: number, backgrounds: readonly string[]): string {
  const reads = (color: string) => backgrounds.every((background) => contrastRatio(color, background) >= AA);
  for (const shade of shades.slice(from)) if (reads(shade)) return shade;
  let color = shades[shades.length - 1]!;
  for (let step = 0; step < 100 && !reads(color); step += 1) color = hex(toRgba(darken(color, 0.02)));
  return color;
}

/** The page's own backgrounds: white, and the pale greys of panels, hovers and the public site's band. */
function pages(theme: MantineTheme): string[] {
  return [theme.white, theme.colors.gray[0], theme.colors.gray[1]];
}

/** The colours of one palette colour that text is drawn in, in the light scheme. */
type Inks = {
  /** Text in the colour, and a light, subtle or outline variant's text on its own tint. */
  ink: string;
  /** A filled variant's background, under white text. */
  filled: string;
  /** A filled variant's background under the pointer: darker still, so white still reads. */
  filledHover: string;
};

/** Inks for a palette (or a single colour), starting from `shade`. */
function inksOf(theme: MantineTheme, shades: readonly string[], shade: number): Inks {
  const tintOf = shades[shade]!;
  const backgrounds = [
    ...pages(theme),
    ...[TINT, TINT_HOVER].flatMap((alpha) => pages(theme).map((page) => over(tintOf, alpha, page))),
  ];
  const filled = readable(shades, shade, [theme.white]);
  return { ink: readable(shades, shade, backgrounds), filled, filledHover: hex(toRgba(darken(filled, 0.1))) };
}

const inksCache = new WeakMap<MantineTheme, { colors: Record<string, Inks>; dimmed: string }>();

/** The readable colours of a theme: one set per palette colour, and the dimmed grey. */
export function themeInks(theme: MantineTheme): { colors: Record<string, Inks>; dimmed: string } {
  const cached = inksCache.get(theme);
  if (cached) return cached;
  const shade = getPrimaryShade(theme, 'light');
  const colors: Record<string, Inks> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark' || !Array.isArray(shades)) continue;
    colors[name] = inksOf(theme, shades, shade);
  }
  // Dimmed text is Mantine's gray.6, darkened just enough: it stays lighter than the body's text, and reads
  // on the pale greys and on any colour's tint (a selected row, a problem row) whatever the project's colour.
  const tints = Object.entries(theme.colors)
    .filter(([name, shades]) => name !== 'dark' && Array.isArray(shades))
    .map(([, shades]) => over(shades[9]!, TINT_HOVER, theme.white));
  const dimmed = readable([theme.colors.gray[6]], 0, [...pages(theme), ...tints]);
  const inks = { colors, dimmed };
  inksCache.set(theme, inks);
  return inks;
}

/**
 * The light scheme's colour variables, from the readable colours: dimmed text, error text, placeholders,
 * links, and each palette colour's text, light, outline and filled variants. Their tints stay Mantine's.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const { colors, dimmed } = themeInks(theme);
  const light: Record<string, string> = {
    '--mantine-color-dimmed': dimmed,
    '--mantine-color-placeholder': dimmed,
    '--mantine-color-error': colors.red!.ink,
    '--mantine-color-anchor': colors[theme.primaryColor]!.ink,
  };
  for (const [name, inks] of Object.entries(colors)) {
    light[`--mantine-color-${name}-text`] = inks.ink;
    light[`--mantine-color-${name}-light-color`] = inks.ink;
    light[`--mantine-color-${name}-outline`] = inks.ink;
    light[`--mantine-color-${name}-filled`] = inks.filled;
    light[`--mantine-color-${name}-filled-hover`] = inks.filledHover;
  }
  return { variables: {}, light, dark: {} };
};

/**
 * Variants (badges, buttons, alerts…) in a colour named without a shade draw from the variables above. A
 * colour with a shade (`red.4`) or outside the palette gets readable colours here, the same way.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const result = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  if (parsed.isThemeColor && parsed.shade === undefined) return result;
  if (!/^(#|rgb)/.test(parsed.value)) return result;
  const inks = parsed.isThemeColor ? inksOf(input.theme, input.theme.colors[parsed.color]!, parsed.shade!) : inksOf(input.theme, [parsed.value], 0);
  switch (input.variant) {
    case 'filled':
      return { ...result, background: inks.filled, hover: inks.filledHover };
    case 'outline':
      return { ...result, color: inks.ink, border: `${rem(1)} solid ${inks.ink}` };
    case 'light':
    case 'subtle':
    case 'transparent':
    case 'white':
      return { ...result, color: inks.ink };
    default:
      return result;
  }
};

/** The kit's theme for a project (null: the product's own look). */
export function projectTheme(projectSlug: string | null | undefined): MantineThemeOverride {
  const color = brandColorOf(projectSlug);
  return createTheme({
    primaryColor: color.name,
    primaryShade: { light: color.shade as 8, dark: color.shade as 8 },
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
    defaultRadius: 'md',
    cursorType: 'pointer',
    variantColorResolver,
    // Mantine's close button is a bare icon: it needs a name for screen readers (WCAG 4.1.2).
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    },
  });
}
