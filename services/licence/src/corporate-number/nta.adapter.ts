import type { CorporateCandidate, CorporateNumberDirectory, CorporateSearchResult } from './corporate-number.port.js';

/**
 * The National Tax Agency's corporate-number Web-API, version 4 (ref/payments-jp.md): `GET
 * /4/name?id=APP_ID&name=…&type=12&mode=2&target=1&close=0`, XML in Unicode (the API has no JSON).
 * mode 2 is a partial match, target 1 the fuzzy JIS level 1–2 match, close=0 leaves out closed
 * corporations. One page (up to 2,000 rows) is enough: more than a few dozen is "too many" anyway.
 */
export class NtaCorporateNumberDirectory implements CorporateNumberDirectory {
  readonly name = 'nta' as const;

  constructor(
    private readonly appId: string,
    private readonly baseUrl = 'https://api.houjin-bangou.nta.go.jp',
    private readonly timeoutMs = 10_000,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async searchByName(name: string, signal?: AbortSignal): Promise<CorporateSearchResult> {
    const url = new URL('/4/name', this.baseUrl);
    url.search = new URLSearchParams({ id: this.appId, name, type: '12', mode: '2', target: '1', close: '0', divide: '1' }).toString();
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const response = await this.fetchFn(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, headers: { accept: 'application/xml' } });
    if (!response.ok) throw new Error(`NTA corporate-number API answered HTTP ${response.status}`);
    return parseNtaXml(await response.text());
  }
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) => s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
  e[0] === '#' ? String.fromCodePoint(e[1]?.toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : XML_ENTITIES[e.toLowerCase()] ?? '');

function field(block: string, tag: string): string {
  const m = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(block);
  return m ? unescapeXml(m[1]!.trim()) : '';
}

/**
 * Reads an answer of type 12: `<count>` and one `<corporation>` per row. Only the latest record
 * of a corporation that is not closed is a candidate; `total` counts the corporations answered
 * less the closed ones of this page.
 */
export function parseNtaXml(xml: string): CorporateSearchResult {
  const count = Number(field(xml, 'count')) || 0;
  const candidates: CorporateCandidate[] = [];
  let skipped = 0;
  for (const m of xml.matchAll(/<corporation>([\s\S]*?)<\/corporation>/g)) {
    const block = m[1]!;
    const latest = field(block, 'latest');
    if (field(block, 'closeDate') || (latest && latest !== '1')) {
      skipped++;
      continue;
    }
    candidates.push({
      corporate_number: field(block, 'corporateNumber'),
      name: field(block, 'name'),
      location: `${field(block, 'prefectureName')}${field(block, 'cityName')}${field(block, 'streetNumber')}`,
    });
  }
  return { total: Math.max(candidates.length, count - skipped), candidates };
}
