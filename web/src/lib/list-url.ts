import { useSearchParams } from 'react-router';

/**
 * A list page's search, filters, sort and page in the URL (issue 25: a reload or a shared link
 * keeps them). A value the page does not know is ignored; each change replaces the history entry
 * (no entry per keystroke).
 */
export function useListUrl() {
  const [url, setUrl] = useSearchParams();
  const pick = <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
    const value = url.get(key);
    return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
  };
  const pageNo = Number(url.get('page'));
  const update = (changes: Record<string, string | number | undefined>) => setUrl((prev) => {
    const next = new URLSearchParams(prev);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    return next;
  }, { replace: true });
  return { url, pick, update, page: Number.isInteger(pageNo) && pageNo > 1 ? pageNo : 1, q: (url.get('q') ?? '').trim() };
}
