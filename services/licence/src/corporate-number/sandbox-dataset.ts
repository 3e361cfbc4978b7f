import { checkDigit } from './corporate-number.rules.js';
import type { CorporateCandidate } from './corporate-number.port.js';

/** A corporate number from its 12-digit base, with the NTA's check digit in front. */
const numbered = (base12: string) => `${checkDigit(base12)}${base12}`;

/**
 * The sandbox directory's data: fictitious corporations in the NTA's shape (name, 13-digit number
 * with a valid check digit, registered location). The demo companies are here, so that the demo's
 * plan application can be completed; "サンプル" matches more than MAX_CANDIDATES corporations
 * (the "too many candidates" answer), and any name not contained in these has no result.
 */
export const SANDBOX_CORPORATIONS: readonly CorporateCandidate[] = [
  { corporate_number: numbered('010001000001'), name: 'デモ商事株式会社', location: '東京都千代田区丸の内１－１－１' },
  { corporate_number: numbered('010001000002'), name: 'デモ商事販売株式会社', location: '大阪府大阪市北区梅田２－２－２' },
  { corporate_number: numbered('010001000003'), name: 'セキュア工業株式会社', location: '神奈川県横浜市西区みなとみらい３－３－３' },
  { corporate_number: numbered('010001000004'), name: 'デモ代理店株式会社', location: '東京都港区芝公園４－４－４' },
  { corporate_number: numbered('010001000005'), name: '株式会社テスト製作所', location: '愛知県名古屋市中区栄５－５－５' },
  { corporate_number: numbered('010001000006'), name: '合同会社テストラボ', location: '福岡県福岡市博多区博多駅前６－６－６' },
  { corporate_number: numbered('010001000007'), name: '株式会社みらいマーケティング', location: '北海道札幌市中央区北一条西７－７－７' },
  { corporate_number: numbered('010001000008'), name: 'Example Japan株式会社', location: '東京都渋谷区渋谷８－８－８' },
  ...Array.from({ length: 25 }, (_, i) => ({
    corporate_number: numbered(`02000200${String(i + 1).padStart(4, '0')}`),
    name: `サンプル商事${i + 1}株式会社`,
    location: `東京都新宿区西新宿${i + 1}－１－１`,
  })),
];
