import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme, toRgba, type MantineTheme } from '@mantine/core';
import { contrastRatio, cssVariablesResolver, projectTheme, themeInks } from './theme';

const AA = 4.5;

/** `color` at `alpha` over `page`, as a light variant's tint is drawn. */
function tint(color: string, alpha: number, page: string): string {
  const [top, bottom] = [toRgba(color), toRgba(page)];
  const mix = (a: number, b: number) => Math.round(a * alpha + b * (1 - alpha));
  return `rgb(${mix(top.r, bottom.r)}, ${mix(top.g, bottom.g)}, ${mix(top.b, bottom.b)})`;
}

/** The product's theme and one for each project colour (known projects, and others by their slug's hash). */
function themes(): MantineTheme[] {
  const byColor = new Map<string, MantineTheme>();
  for (const slug of [null, 'geography', 'afrikaans', 'history', 'igeo', 'caps-review', ...Array.from({ length: 50 }, (_, i) => `project-${i}`)]) {
    const theme = mergeMantineTheme(DEFAULT_THEME, projectTheme(slug));
    if (!byColor.has(theme.primaryColor)) byColor.set(theme.primaryColor, theme);
  }
  return [...byColor.values()];
}

describe('the kit’s colours read at WCAG 2.2 AA', () => {
  it('covers every project colour', () => {
    expect(themes().map((theme) => theme.primaryColor).sort()).toEqual(['blue', 'cyan', 'grape', 'indigo', 'pink', 'teal', 'violet']);
  });

  for (const theme of themes()) {
    const { colors, dimmed } = themeInks(theme);
    const pages = [theme.white, theme.colors.gray[0], theme.colors.gray[1]];
    const shade = (theme.primaryShade as { light: number }).light;

    it(`dimmed text on the pages (${theme.primaryColor})`, () => {
      for (const page of pages) expect(contrastRatio(dimmed, page)).toBeGreaterThanOrEqual(AA);
    });

    it(`each colour’s text on the pages and on its own tint, and white on its filled variant (${theme.primaryColor})`, () => {
      for (const [name, inks] of Object.entries(colors)) {
        const base = theme.colors[name]![shade]!;
        for (const page of pages) {
          expect(contrastRatio(inks.ink, page), `${name} on ${page}`).toBeGreaterThanOrEqual(AA);
          expect(contrastRatio(inks.ink, tint(base, 0.12, page)), `${name} on its tint over ${page}`).toBeGreaterThanOrEqual(AA);
        }
        expect(contrastRatio(theme.white, inks.filled), `white on ${name}`).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(theme.white, inks.filledHover), `white on ${name}, hovered`).toBeGreaterThanOrEqual(AA);
      }
    });

    it(`the project’s own colour stays as it is under white text (${theme.primaryColor})`, () => {
      expect(colors[theme.primaryColor]!.filled).toBe(theme.colors[theme.primaryColor]![shade]);
    });

    it(`sets the light scheme’s variables from them (${theme.primaryColor})`, () => {
      const { light } = cssVariablesResolver(theme);
      expect(light['--mantine-color-dimmed']).toBe(dimmed);
      expect(light['--mantine-color-error']).toBe(colors.red!.ink);
      expect(light['--mantine-color-green-light-color']).toBe(colors.green!.ink);
      expect(light[`--mantine-color-${theme.primaryColor}-filled`]).toBe(colors[theme.primaryColor]!.filled);
    });
  }
});
