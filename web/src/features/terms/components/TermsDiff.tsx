import { useMemo } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { diffWords, type ChangeObject } from 'diff';
import { useTranslation } from 'react-i18next';

/** The readable text of a sanitised terms HTML: one line per block, entities decoded. */
export function termsText(html: string): string {
  const blocks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|h[1-6]|li|blockquote|ul|ol|div)>/gi, '$&\n');
  const body = new DOMParser().parseFromString(blocks, 'text/html').body;
  return (body.textContent ?? '').split('\n').map((line) => line.trim()).filter(Boolean).join('\n');
}

/**
 * The word diff of two texts (jsdiff), split into words by the language's own rules (Intl.Segmenter),
 * so that Japanese and Thai, which put no spaces between words, still show what changed.
 */
export function wordDiff(before: string, after: string, language: string): ChangeObject<string>[] {
  const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(language, { granularity: 'word' }) : undefined;
  return diffWords(before, after, segmenter ? { intlSegmenter: segmenter } : {});
}

/**
 * What changed between two versions of the terms: removed words struck through in red, added
 * words underlined in green, each also named for screen readers. Line breaks are kept.
 */
export function TermsDiff({ before, after }: { before: string; after: string }) {
  const { t, i18n } = useTranslation();
  const parts = useMemo(() => wordDiff(termsText(before), termsText(after), i18n.language), [before, after, i18n.language]);
  const added = parts.filter((p) => p.added).length;
  const removed = parts.filter((p) => p.removed).length;
  return (
    <Box>
      <Group gap="md" mb="xs">
        <Text size="sm" c="dimmed">{t('terms.diff_summary', { added, removed })}</Text>
        <Text size="sm" component="span"><ins style={insStyle}>{t('terms.diff_added')}</ins></Text>
        <Text size="sm" component="span"><del style={delStyle}>{t('terms.diff_removed')}</del></Text>
      </Group>
      <Box data-testid="terms-diff" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8, fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}>
        {parts.map((part, i) => {
          if (part.added) return <ins key={i} style={insStyle} aria-label={t('terms.diff_added_aria', { text: part.value })}>{part.value}</ins>;
          if (part.removed) return <del key={i} style={delStyle} aria-label={t('terms.diff_removed_aria', { text: part.value })}>{part.value}</del>;
          return <span key={i}>{part.value}</span>;
        })}
      </Box>
      {added === 0 && removed === 0 && <Text size="sm" c="dimmed" mt="xs">{t('terms.diff_none')}</Text>}
    </Box>
  );
}

const insStyle = { background: 'var(--mantine-color-green-1)', color: 'var(--mantine-color-green-9)', textDecorationColor: 'var(--mantine-color-green-7)' };
const delStyle = { background: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-red-9)' };
