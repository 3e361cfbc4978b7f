import { useMemo } from 'react';
import { restoreFocus } from '../lib/focus-return';
import { useTranslation } from 'react-i18next';
import { createTheme, darken, mergeThemeOverrides, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

// Latin faces first (so Latin text never falls into a Japanese font's monospaced Latin glyphs),
// then Japanese, Thai and Chinese faces, each picked per glyph by the browser.
const fontStack = [
  'Inter', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', '"Liberation Sans"',
  '"Hiragino Sans"', '"Hiragino Kaku Gothic ProN"', '"Noto Sans JP"', '"Yu Gothic UI"', 'Meiryo', '"IPAPGothic"',
  '"Noto Sans Thai"', '"Leelawadee UI"', '"Noto Sans SC"', '"Noto Sans TC"', '"Microsoft JhengHei"',
  'system-ui', 'sans-serif',
].join(', ');

/** Brand indigo, a little deeper than Mantine's default indigo for contrast on white. */
const brand: MantineColorsTuple = [
  '#eef1ff', '#dce0fb', '#b5bdf2', '#8c97ea', '#6a77e3', '#5462df', '#4857de', '#3a48c5', '#3240b1', '#26369d',
];

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** #rrggbb of Mantine's darken() answer (rgba(r, g, b, a)). */
function hex(color: string): string {
  if (color.startsWith('#')) return color.slice(0, 7);
  const [r, g, b] = color.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((n) => Math.round(Number(n)));
  return `#${[r, g, b].map((n) => n!.toString(16).padStart(2, '0')).join('')}`;
}

/** `color`, darkened in small steps until it reads at `ratio` or better on each of `backgrounds`. */
export function readable(color: string, backgrounds: readonly string[], ratio = 4.6): string {
  let result = hex(color);
  for (let step = 0; step < 40 && backgrounds.some((bg) => contrast(result, bg) < ratio); step += 1) result = hex(darken(result, 0.05));
  return result;
}

const WHITE = '#ffffff';
/** The page behind the shell's content (gray-0) and the table stripes and hovers (gray-1). */
const PAGE_BACKGROUNDS = [WHITE, '#f8f9fa', '#f1f3f5'];

/**
 * Issue 26: WCAG 2.1 AA colours, in the theme so that every page inherits them. Mantine's light
 * scheme draws text of a colour (`c="red"`, links, outline and subtle buttons), filled badges and
 * buttons with white text, and light badges (shade 9 on shade 1) below 4.5:1 for several colours,
 * and its dimmed grey at 3.3:1. Each colour's variables are darkened just enough for 4.5:1 (4.6,
 * for rounding) where they are used; the palette itself stays as it is.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readable(t.colors.gray![6]!, PAGE_BACKGROUNDS),
    '--mantine-color-anchor': readable(brand[7]!, PAGE_BACKGROUNDS),
    '--mantine-color-error': readable(t.colors.red![6]!, PAGE_BACKGROUNDS),
    '--mantine-color-placeholder': readable(t.colors.gray![5]!, [WHITE], 4.6),
    // Menu items of a colour (a red "Delete", "Log out") use shade 6 itself as their text colour.
    '--mantine-color-red-6': readable(t.colors.red![6]!, [WHITE, t.colors.red![1]!, t.colors.red![2]!]),
  };
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark' || !shades) continue;
    const text = readable(shades[7]!, PAGE_BACKGROUNDS);
    const filled = readable(shades[7]!, [WHITE]);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = hex(darken(filled, 0.1));
    light[`--mantine-color-${name}-light-color`] = readable(shades[9]!, [shades[1]!, shades[2]!, WHITE]);
    light[`--mantine-color-${name}-outline`] = text;
  }
  return { variables: {}, light, dark: {} };
};

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Issue 26: keyboard focus shows a 2 px ring of the brand colour (7:1 on white); text inputs get
  // one too (a11y.css), not only their 1 px border's colour.
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    // A field with several errors has one per line (lib/forms.ts joins them with \n).
    InputWrapper: { styles: { error: { whiteSpace: 'pre-line' } } },
  },
});

/**
 * The theme with the names screen readers read for Mantine's icon-only controls, in the page's
 * language (issue 26): the pagination's arrows, the close buttons of dialogs, drawers, alerts and
 * toasts; and a closed dialog gives focus back to its opener (lib/focus-return.ts). A new page's
 * list or dialog has them without doing anything.
 */
export function useAccessibleTheme(): MantineThemeOverride {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const close = { 'aria-label': t('common.close') };
    const control: Record<string, string> = {
      first: t('common.page_first'), previous: t('common.page_previous'), next: t('common.page_next'), last: t('common.page_last'),
    };
    return mergeThemeOverrides(theme, createTheme({
      components: {
        Pagination: {
          defaultProps: {
            getControlProps: (kind: string) => ({ 'aria-label': control[kind] }),
          },
        },
        Modal: { defaultProps: { closeButtonProps: close, onExitTransitionEnd: restoreFocus } },
        Drawer: { defaultProps: { closeButtonProps: close } },
        Notification: { defaultProps: { closeButtonProps: close } },
        Alert: { defaultProps: { closeButtonLabel: t('common.close') } },
        // Mantine's focus placeholder inside a menu (a focusable role="presentation" div) is no
        // menu item: axe's aria-required-children. Without it the menu focuses its first item.
        Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
        // A table wider than the phone scrolls sideways: keyboard users scroll it once it has focus.
        TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
      },
    }));
  }, [t, language]);
}
