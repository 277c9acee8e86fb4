// Each project has its own colour (spec: 'a look per project for the olympiad-styled pages'). The values
// are Mantine's palette, with the shade chosen so that white text on it passes WCAG AA (4.5:1); they are
// copied here so that the lean pages can use them without loading Mantine.
export type BrandColorName = 'blue' | 'teal' | 'grape' | 'pink' | 'indigo' | 'cyan' | 'violet';

export type BrandColor = {
  name: BrandColorName;
  /** The Mantine shade used for filled elements with white text. */
  shade: number;
  /** Decorative accents (loading bar, spinner). */
  brand: string;
  /** Buttons and links: white text on it passes AA. */
  strong: string;
  /** Tinted backgrounds. */
  soft: string;
};

const PALETTE: Record<BrandColorName, Omit<BrandColor, 'name'>> = {
  blue: {
    shade: 8,
    brand: '#228be6',
    strong: '#1971c2',
    soft: '#e7f5ff'
  },
  teal: {
    shade: 9,
    brand: '#12b886',
    strong: '#087f5b',
    soft: '#e6fcf5'
  },
  grape: {
    shade: 8,
    brand: '#be4bdb',
    strong: '#9c36b5',
    soft: '#f8f0fc'
  },
  pink: {
    shade: 8,
    brand: '#e64980',
    strong: '#c2255c',
    soft: '#fff0f6'
  },
  indigo: {
    shade: 8,
    brand: '#4c6ef5',
    strong: '#3b5bdb',
    soft: '#edf2ff'
  },
  cyan: {
    shade: 9,
    brand: '#15aabf',
    strong: '#0b7285',
    soft: '#e3fafc'
  },
  violet: {
    shade: 7,
    brand: '#7950f2',
    strong: '#7048e8',
    soft: '#f3f0ff'
  }
};

/** Known projects; others get a colour from their slug, stable across visits. */
const PROJECT_COLORS: Record<string, BrandColorName> = {
  geography: 'teal',
  afrikaans: 'pink',
  history: 'grape',
  igeo: 'indigo',
  'caps-review': 'violet',
};

export const PRODUCT_COLOR: BrandColorName = 'blue';

export function brandColorOf(projectSlug: string | null | undefined): BrandColor {
  if (!projectSlug) return { name: PRODUCT_COLOR, ...PALETTE[PRODUCT_COLOR] };
  const known = PROJECT_COLORS[projectSlug];
  const names = Object.keys(PALETTE) as BrandColorName[];
  const hash = [...projectSlug].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);
  const name = known ?? names[hash % names.length]!;
  return { name, ...PALETTE[name] };
}

/** The lean pages' CSS variables for a project. */
export function brandCssVariables(projectSlug: string | null | undefined): Record<string, string> {
  const color = brandColorOf(projectSlug);
  return { '--brand': color.brand, '--brand-strong': color.strong, '--brand-soft': color.soft };
}
