import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

const FALLBACK_PRIMARY = '#1c6dd0';

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  let digits = match[1]!;
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const value = Number.parseInt(digits, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(color: [number, number, number], target: number, amount: number): [number, number, number] {
  return color.map((c) => c + (target - c) * amount) as [number, number, number];
}

/**
 * Ten shades around a brand colour, the brand colour itself at index 6 (the theme's primary shade), so
 * buttons and links show exactly the client's colour.
 */
export function brandShades(hex: string): MantineColorsTuple {
  const base = parseHex(hex) ?? parseHex(FALLBACK_PRIMARY)!;
  const tints = [0.94, 0.86, 0.72, 0.56, 0.4, 0.2].map((amount) => toHex(mix(base, 255, amount)));
  const shades = [0.14, 0.28, 0.42].map((amount) => toHex(mix(base, 0, amount)));
  return [...tints, toHex(base), ...shades] as unknown as MantineColorsTuple;
}

export interface BrandColors {
  primary?: string | null;
}

/** One look for the whole app; only the brand colour changes per site and client. */
export function buildTheme({ primary }: BrandColors): MantineThemeOverride {
  return createTheme({
    colors: { brand: brandShades(primary ?? FALLBACK_PRIMARY) },
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    luminanceThreshold: 0.4,
    defaultRadius: 'md',
    cursorType: 'pointer',
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, -apple-system, sans-serif',
    headings: { fontWeight: '700' },
    focusRing: 'auto',
    components: {
      Button: { defaultProps: { radius: 'md' } },
      Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } },
      Paper: { defaultProps: { radius: 'lg' } },
    },
  });
}
