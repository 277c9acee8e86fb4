import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { brandColorOf } from '../brand/brand-palette';

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
  });
}
