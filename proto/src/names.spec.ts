import { describe, expect, it } from 'vitest';
import { REGIONS } from './enums.js';
import { ZAccountUpdate, ZInviteRow, ZProfileUpdate } from './api-routes.js';
import { ZSignupRegister } from './identity.js';
import { formatPersonName, isCjkName, nameFieldOrder, nameOrder, ZPersonName } from './names.js';

describe('person names by region', () => {
  it('puts the family name first in Japan and Vietnam, the given name first elsewhere', () => {
    expect(REGIONS.filter((r) => nameOrder(r) === 'family_first')).toEqual(['jpn', 'vnm']);
    expect(nameFieldOrder('jpn')).toEqual(['family_name', 'given_name']);
    expect(nameFieldOrder('vnm')).toEqual(['family_name', 'given_name']);
    expect(nameFieldOrder('usa')).toEqual(['given_name', 'family_name']);
    expect(nameFieldOrder('tha')).toEqual(['given_name', 'family_name']);
  });

  it('joins Latin-script names with a space in the region\'s order', () => {
    expect(formatPersonName('jpn', { family_name: 'Yamada', given_name: 'Taro' })).toBe('Yamada Taro');
    expect(formatPersonName('vnm', { family_name: 'Nguyễn', given_name: 'Văn An' })).toBe('Nguyễn Văn An');
    expect(formatPersonName('usa', { family_name: 'Smith', given_name: 'Alex' })).toBe('Alex Smith');
    expect(formatPersonName('tha', { family_name: 'Sukjai', given_name: 'Somchai' })).toBe('Somchai Sukjai');
    expect(formatPersonName('chn', { family_name: 'Wang', given_name: 'Ming' })).toBe('Ming Wang');
  });

  it('writes a name wholly in CJK script family first without a space in Japan, China and Taiwan', () => {
    expect(formatPersonName('jpn', { family_name: '山田', given_name: '太郎' })).toBe('山田太郎');
    expect(formatPersonName('jpn', { family_name: '佐々木', given_name: 'ゆうこ' })).toBe('佐々木ゆうこ');
    expect(formatPersonName('chn', { family_name: '王', given_name: '小明' })).toBe('王小明');
    expect(formatPersonName('twn', { family_name: '陳', given_name: '美玲' })).toBe('陳美玲');
  });

  it('keeps the space when only one part is CJK, or outside those regions', () => {
    expect(formatPersonName('jpn', { family_name: '山田', given_name: 'Taro' })).toBe('山田 Taro');
    expect(formatPersonName('usa', { family_name: '山田', given_name: '太郎' })).toBe('太郎 山田');
    expect(formatPersonName('vnm', { family_name: '山田', given_name: '太郎' })).toBe('山田 太郎');
  });

  it('shows a lone part alone and trims', () => {
    expect(formatPersonName('jpn', { family_name: ' 新人 ', given_name: '' })).toBe('新人');
    expect(formatPersonName('usa', { family_name: '', given_name: 'Alex' })).toBe('Alex');
    expect(formatPersonName('usa', { family_name: '', given_name: '' })).toBe('');
  });

  it('counts kanji, kana and their marks as CJK, nothing else', () => {
    expect(['山田', 'やまだ', 'ヤマダ', 'ターロー', '々', '〆'].every(isCjkName)).toBe(true);
    expect(['Yamada', '山田 太郎', '山田1', '김', ''].some(isCjkName)).toBe(false);
  });
});

describe('the name fields every form asks', () => {
  it('requires both parts, trimmed, at most 50 characters each', () => {
    expect(ZPersonName.parse({ family_name: ' Smith ', given_name: 'Alex' })).toEqual({ family_name: 'Smith', given_name: 'Alex' });
    for (const bad of [{ family_name: 'Smith', given_name: '' }, { family_name: '', given_name: 'Alex' }, { family_name: 'Smith', given_name: '   ' }, { family_name: 'x'.repeat(51), given_name: 'Alex' }]) {
      expect(ZPersonName.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('is the same rule in sign-up, profile, account edit and invite', () => {
    const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (r.error?.issues ?? []).map((i) => i.path.join('.'));
    const noGiven = { family_name: 'Smith', given_name: '' };
    expect(paths(ZProfileUpdate.safeParse({ action: 'update', language: 'en-us', ...noGiven }))).toEqual(['given_name']);
    expect(paths(ZAccountUpdate.safeParse({ uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000a006', authority: 'user', products: [], email: 'a@example.com', ...noGiven }))).toEqual(['given_name']);
    expect(paths(ZInviteRow.safeParse({ email: 'a@example.com', authority: 'user', ...noGiven }))).toEqual(['given_name']);
    expect(paths(ZSignupRegister.safeParse({ access_token: 'x'.repeat(20), company_name: 'C', phone: '03', password: 'Passw0rd!', password_confirm: 'Passw0rd!', terms_agreed: true, privacy_agreed: true, ...noGiven }))).toEqual(['given_name']);
  });
});
