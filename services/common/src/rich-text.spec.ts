import { describe, expect, it } from 'vitest';
import { isBlankHtml, sanitizeRichText } from './rich-text.js';

describe('terms HTML sanitising', () => {
  it('keeps what the editor writes', () => {
    const html = '<h2>第1条</h2><p><strong>太字</strong>と<em>斜体</em></p><ul><li>項目</li></ul><p><a href="https://example.com/x">link</a></p>';
    expect(sanitizeRichText(html)).toBe('<h2>第1条</h2><p><strong>太字</strong>と<em>斜体</em></p><ul><li>項目</li></ul><p><a href="https://example.com/x" rel="noopener noreferrer nofollow">link</a></p>');
  });

  it('strips scripts, handlers, iframes, styles and javascript: links', () => {
    const html = '<p onclick="steal()">A</p><script>alert(1)</script><iframe src="https://evil.example"></iframe><style>p{}</style><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>';
    const clean = sanitizeRichText(html);
    expect(clean).toBe('<p>A</p><a rel="noopener noreferrer nofollow">x</a>');
    expect(clean).not.toMatch(/script|onclick|onerror|iframe|javascript|style/i);
  });

  it('sees text that is only whitespace or script as blank', () => {
    expect(isBlankHtml(sanitizeRichText('<p>&nbsp;</p><script>x()</script>'))).toBe(true);
    expect(isBlankHtml('<p>ok</p>')).toBe(false);
  });
});
