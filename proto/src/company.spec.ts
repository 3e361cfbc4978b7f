import { describe, expect, it } from 'vitest';
import { LOGO_LIMITS, centredSquare, locationFirst, postalAddress } from './company.js';

describe('logo crop', () => {
  it('starts at the largest square in the middle of the image, whatever its shape', () => {
    expect(centredSquare(1200, 800)).toEqual({ x: 200, y: 0, size: 800 });
    expect(centredSquare(400, 1000)).toEqual({ x: 0, y: 300, size: 400 });
    expect(centredSquare(161, 400)).toEqual({ x: 0, y: 119, size: 161 });
    expect(centredSquare(1200, 1200)).toEqual({ x: 0, y: 0, size: 1200 });
    expect(centredSquare(160, 160)).toEqual({ x: 0, y: 0, size: LOGO_LIMITS.output });
  });
});

describe('postal address', () => {
  it('puts the prefecture or province first, unseparated, where addresses run from the largest unit', () => {
    expect(postalAddress('jpn', '千代田区丸の内1-1-1', '東京都')).toBe('東京都千代田区丸の内1-1-1');
    expect(postalAddress('twn', '信義區市府路1號', '臺北市')).toBe('臺北市信義區市府路1號');
    expect(locationFirst('jpn')).toBe(true);
  });
  it('puts the state or province after the street elsewhere', () => {
    expect(postalAddress('tha', '999 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย 10110', 'กรุงเทพมหานคร')).toBe('999 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย 10110, กรุงเทพมหานคร');
    expect(postalAddress('usa', '1 Main St, Springfield', 'IL')).toBe('1 Main St, Springfield, IL');
    expect(locationFirst('usa')).toBe(false);
  });
  it('shows what there is when one part is empty', () => {
    expect(postalAddress('jpn', '', '東京都')).toBe('東京都');
    expect(postalAddress('usa', ' 1 Main St ', '')).toBe('1 Main St');
    expect(postalAddress('usa', '', '')).toBe('');
  });
});
