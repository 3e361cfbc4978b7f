import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    // A field with several errors has one per line (lib/forms.ts joins them with \n).
    InputWrapper: { styles: { error: { whiteSpace: 'pre-line' } } },
  },
});
