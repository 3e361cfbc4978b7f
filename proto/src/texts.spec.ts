import { describe, expect, it } from 'vitest';
import { completeTexts, localizedText, textLanguages } from './texts.js';

const standard = { 'ja-jp': 'スタンダードプラン', 'en-us': 'Standard plan', 'th-th': 'แผนมาตรฐาน' };

describe('the one fallback rule for texts kept per language (issue 22, point 6)', () => {
  it('reads the customer\'s language first', () => {
    expect(localizedText(standard, 'th-th', 'tha')).toBe('แผนมาตรฐาน');
    expect(localizedText(standard, 'ja-jp', 'jpn')).toBe('スタンダードプラン');
  });

  it('falls back to English outside Japan, never to Japanese', () => {
    expect(textLanguages('th-th', 'tha')).toEqual(['th-th', 'en-us']);
    expect(textLanguages('vi-vn', 'vnm')).toEqual(['vi-vn', 'en-us']);
    expect(localizedText({ 'ja-jp': '初期費用', 'en-us': 'Initial cost' }, 'th-th', 'tha')).toBe('Initial cost');
    expect(localizedText({ 'ja-jp': '初期費用', 'en-us': 'Initial cost' }, 'zh-tw', 'twn')).toBe('Initial cost');
    // Nothing readable: null (the caller shows an id or a brand name), not the Japanese text.
    expect(localizedText({ 'ja-jp': '初期費用' }, 'th-th', 'tha')).toBeNull();
    expect(localizedText({ 'ja-jp': '初期費用' }, 'ja-jp', 'tha')).toBe('初期費用');
  });

  it('falls back to English, then Japanese, in Japan', () => {
    expect(textLanguages('en-us', 'jpn')).toEqual(['en-us', 'ja-jp']);
    expect(textLanguages('ja-jp', 'jpn')).toEqual(['ja-jp', 'en-us']);
    expect(textLanguages('th-th', 'jpn')).toEqual(['th-th', 'en-us', 'ja-jp']);
    expect(localizedText({ 'ja-jp': '旧プラン' }, 'en-us', 'jpn')).toBe('旧プラン');
    expect(localizedText({ 'en-us': 'Old plan' }, 'ja-jp', 'jpn')).toBe('Old plan');
  });

  it('skips blank texts and unknown languages', () => {
    expect(localizedText({ 'th-th': '  ', 'en-us': 'Standard plan' }, 'th-th', 'tha')).toBe('Standard plan');
    expect(textLanguages('xx-yy', 'usa')).toEqual(['en-us']);
  });

  it('fills every language by the rule for a consumer that picks a language itself (billing\'s invoice)', () => {
    expect(completeTexts({ 'ja-jp': '初期費用', 'en-us': 'Initial cost' }, 'tha')).toEqual({
      'ja-jp': '初期費用', 'en-us': 'Initial cost', 'ms-my': 'Initial cost', 'zh-cn': 'Initial cost', 'zh-tw': 'Initial cost', 'vi-vn': 'Initial cost', 'th-th': 'Initial cost',
    });
    expect(completeTexts({ 'ja-jp': '初期費用' }, 'tha')).toEqual({ 'ja-jp': '初期費用' });
    expect(completeTexts({ 'ja-jp': '初期費用' }, 'jpn')['en-us']).toBe('初期費用');
  });
});
