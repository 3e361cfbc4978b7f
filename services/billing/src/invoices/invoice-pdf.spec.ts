import { describe, expect, it } from 'vitest';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { LANGUAGES } from '@portal/proto';
import { documentTexts, invoiceDocument } from './invoice-document.js';
import { SAMPLES, sample } from './invoice-pdf.fixtures.js';
import { fontChain, fontRuns, renderInvoicePdf } from './invoice-pdf.js';

/** Issue 23 item 5: one invoice per language, read back with pdfjs: every text there, no glyph missing. */

/** The PDF's text (all pages, whitespace removed: pdfkit may split a line into several items) and the char codes drawn per embedded font. */
async function readPdf(pdf: Buffer): Promise<{ text: string; notdef: number; fonts: Set<string> }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  let text = '';
  let notdef = 0;
  const fonts = new Set<string>();
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
    const ops = await page.getOperatorList();
    ops.fnArray.forEach((fn, i) => {
      if (fn === OPS.setFont) fonts.add(String((page.commonObjs.get(ops.argsArray[i][0]) as { name: string }).name).replace(/^[A-Z]{6}\+/, ''));
      // pdfkit writes each font's glyphs as CIDs of its subset, where CID 0 is .notdef: a character no embedded font had.
      if (fn === OPS.showText) for (const glyph of ops.argsArray[i][0] as ({ originalCharCode: number } | number)[]) if (typeof glyph === 'object' && glyph?.originalCharCode === 0) notdef++;
    });
  }
  return { text: text.replace(/\s+/g, '').normalize('NFKC'), notdef, fonts };
}
// NFKC: the PDF writes Thai SARA AM as its two parts (invoice-pdf.ts).
const squash = (s: string) => s.normalize('NFKC').replace(/\s+/g, '');

describe('invoice PDFs in every language (issue 23)', () => {
  for (const language of LANGUAGES) {
    it(`writes a ${language} invoice and receipt with every text present and no glyph missing`, async () => {
      for (const input of [sample(language), sample(language, { status: 'paid', paidAt: new Date('2027-01-31T01:00:00Z') }, 'receipt')]) {
        const { text, notdef, fonts } = await readPdf(await renderInvoicePdf(input));
        expect(notdef).toBe(0);
        const missing = documentTexts(invoiceDocument(input)).map(squash).filter((s) => !text.includes(s));
        expect(missing).toEqual([]);
        expect(text).toContain(squash(SAMPLES[language].company));
        expect(text).toContain(squash(SAMPLES[language].plan));
        if (language === 'zh-cn') expect([...fonts]).toEqual(['NotoSansSC-Regular']);
        if (language === 'zh-tw') expect([...fonts]).toEqual(['NotoSansTC-Regular']);
        if (language === 'th-th') expect([...fonts].sort()).toEqual(['NotoSansJP-Regular', 'NotoSansThai-Regular']);
      }
    }, 60_000); // the first one reads the fonts (up to 10 MB each); a shared machine may take a while
  }

  it('puts no Japanese on an English invoice but the issuer\'s legal name beside its English name', async () => {
    const input = sample('en-us');
    const { text } = await readPdf(await renderInvoicePdf(input));
    expect(text).toContain(squash('Portal K.K. (株式会社ポータル)'));
    expect(text.replace('株式会社ポータル', '')).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/u);
  });

  it('draws each character with the first font of the language\'s chain that has it', () => {
    expect(fontRuns('账单 株式会社ポータル', fontChain('zh-cn')).map((r) => r.font)).toEqual(['sc']);
    expect(fontRuns('ใบแจ้งหนี้ 株式会社', fontChain('th-th'))).toEqual([{ font: 'thai', text: 'ใบแจ้งหนี้ ' }, { font: 'jp', text: '株式会社' }]);
    expect(fontRuns('Hóa đơn Tổng cộng', fontChain('vi-vn')).map((r) => r.font)).toEqual(['jp']);
  });
});
