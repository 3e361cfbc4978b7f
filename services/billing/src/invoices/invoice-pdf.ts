import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create as openFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { TLanguage } from '@portal/proto';
import { invoiceDocument, type DocumentField, type InvoiceDocument, type InvoiceDocumentInput } from './invoice-document.js';

export { pdfLanguage } from './invoice-document.js';

const require = createRequire(import.meta.url);
/**
 * The embedded fonts (SIL Open Font License 1.1), from npm, Regular weight only: Noto Sans JP
 * (Japanese, Latin, Vietnamese), Noto Sans SC (Simplified Chinese), Noto Sans TC (Traditional
 * Chinese) and Noto Sans Thai. pdfkit embeds only the glyphs a document uses. Nothing is fetched
 * at run time (docs/decisions.md, issue 23 item 5).
 */
const FONT_FILES = {
  jp: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  sc: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  tc: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  thai: '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf',
} as const;
export type FontKey = keyof typeof FONT_FILES;

/** Each language's own font first; the others after it, for text in another script (a company name, the issuer's legal name). */
const FONT_CHAINS: Record<TLanguage, readonly FontKey[]> = {
  'ja-jp': ['jp', 'sc', 'tc', 'thai'],
  'en-us': ['jp', 'sc', 'tc', 'thai'],
  'ms-my': ['jp', 'sc', 'tc', 'thai'],
  'vi-vn': ['jp', 'sc', 'tc', 'thai'],
  'zh-cn': ['sc', 'jp', 'tc', 'thai'],
  'zh-tw': ['tc', 'jp', 'sc', 'thai'],
  'th-th': ['thai', 'jp', 'sc', 'tc'],
};
export const fontChain = (language: TLanguage): readonly FontKey[] => FONT_CHAINS[language];

const loaded = new Map<FontKey, { bytes: Buffer; font: Font }>();
function font(which: FontKey): { bytes: Buffer; font: Font } {
  let entry = loaded.get(which);
  if (!entry) {
    const bytes = readFileSync(require.resolve(FONT_FILES[which]));
    entry = { bytes, font: openFont(bytes) as Font };
    loaded.set(which, entry);
  }
  return entry;
}

/**
 * Splits a text into runs, each drawn with the first font of the chain that has its glyphs (the
 * current run's font first, so marks stay with their base), so no character is drawn as the
 * missing glyph (.notdef) when another embedded font has it. A space no font has (Intl writes
 * U+202F in some dates) becomes a plain space.
 */
export function fontRuns(text: string, chain: readonly FontKey[]): { font: FontKey; text: string }[] {
  const runs: { font: FontKey; text: string }[] = [];
  for (const original of text) {
    let char = original;
    const code = char.codePointAt(0)!;
    const current = runs.at(-1);
    const has = (k: FontKey) => font(k).font.hasGlyphForCodePoint(code);
    let pick: FontKey | undefined = current && has(current.font) ? current.font : chain.find(has);
    if (!pick && /\s/u.test(char)) char = ' ';
    pick ??= current?.font ?? chain[0]!;
    if (current && current.font === pick) current.text += char;
    else runs.push({ font: pick, text: char });
  }
  return runs;
}

type TextOptions = PDFKit.Mixins.TextOptions;

/** pdfkit with the document's fonts: `write` draws a text in runs of the fonts that have its glyphs. */
class Writer {
  constructor(readonly doc: PDFKit.PDFDocument, private readonly chain: readonly FontKey[]) {
    for (const key of new Set(chain)) doc.registerFont(key, font(key).bytes);
    doc.font(chain[0]!);
  }

  write(text: string, x?: number, y?: number, options: TextOptions = {}): void {
    // Thai SARA AM as its two parts (its compatibility decomposition), as the font draws it anyway:
    // pdfkit maps each glyph to the text it first drew, so a whole SARA AM would later make every
    // SARA AA copy (and search) as SARA AM.
    const runs = fontRuns(text.replace(/\u0e33/g, '\u0e4d\u0e32'), this.chain);
    if (runs.length === 0) return;
    runs.forEach((run, i) => {
      this.doc.font(run.font);
      const last = i === runs.length - 1;
      if (i === 0 && x !== undefined) this.doc.text(run.text, x, y, { ...options, continued: !last });
      else this.doc.text(run.text, { ...options, continued: !last });
    });
    this.doc.font(this.chain[0]!);
  }
}

const LEFT = 50;
const RIGHT = 545;
const cols = { desc: LEFT, qty: 330, unit: 380, amount: 470 };

/** The invoice (or its receipt) as a PDF in the invoice's language, laid out from invoiceDocument(). */
export function renderInvoicePdf(input: InvoiceDocumentInput): Promise<Buffer> {
  return renderDocument(invoiceDocument(input), input.invoice.issuerName);
}

export function renderDocument(content: InvoiceDocument, author: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: LEFT, info: { Title: `${content.title} ${content.number}`, Author: author } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = new Writer(doc, fontChain(content.language));
  const ensureRoom = (height: number) => {
    if (doc.y + height > doc.page.height - LEFT) doc.addPage();
  };
  const fields = (list: DocumentField[], x: number, width: number) => {
    for (const f of list) w.write(`${f.label}: ${f.value}`, x, doc.y, { width });
  };

  doc.fontSize(20);
  w.write(content.title, LEFT, LEFT, { width: RIGHT - LEFT, align: 'center' });
  if (content.paid) {
    // The paid mark: a red stamp at the top right with the date and the method.
    const top = LEFT - 10;
    doc.save().lineWidth(1.5).strokeColor('#c0392b').rect(RIGHT - 150, top, 150, 46).stroke().restore();
    doc.fillColor('#c0392b').fontSize(14);
    w.write(content.paid.mark, RIGHT - 145, top + 5, { width: 140, align: 'center' });
    doc.fontSize(8);
    w.write(content.paid.detail, RIGHT - 145, doc.y + 1, { width: 140, align: 'center' });
    doc.fillColor('black');
  }
  doc.y = LEFT + 60;

  // The customer on the left, the issuer on the right.
  const top = doc.y;
  doc.fontSize(12);
  w.write(content.recipient.heading, LEFT, top, { width: 260 });
  doc.fontSize(9).moveDown(0.3);
  fields(content.recipient.details, LEFT, 260);
  const leftBottom = doc.y;
  doc.fontSize(9);
  doc.y = top;
  fields(content.issuer, 330, RIGHT - 330);
  doc.y = Math.max(leftBottom, doc.y) + 12;

  doc.fontSize(10);
  fields(content.facts, LEFT, RIGHT - LEFT);
  if (content.received) {
    doc.moveDown(0.5).fontSize(14);
    w.write(`${content.received.label}: ${content.received.value}`, LEFT, doc.y, { width: RIGHT - LEFT });
    doc.fontSize(10);
  }
  doc.moveDown();

  const row = (desc: string, qty: string, unit: string, amount: string) => {
    ensureRoom(30);
    const y = doc.y;
    w.write(desc, cols.desc, y, { width: cols.qty - cols.desc - 10 });
    const bottom = doc.y;
    w.write(qty, cols.qty, y, { width: 40, align: 'right' });
    w.write(unit, cols.unit, y, { width: 80, align: 'right' });
    w.write(amount, cols.amount, y, { width: RIGHT - cols.amount, align: 'right' });
    doc.x = LEFT;
    doc.y = Math.max(bottom, doc.y) + 4;
  };
  row(content.columns.description, content.columns.quantity, content.columns.unit, content.columns.amount);
  doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).stroke();
  doc.y += 4;
  for (const r of content.rows) row(`${r.description}\n${r.period}`, r.quantity, r.unit, r.amount);
  doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).stroke();
  doc.y += 6;
  content.totals.forEach((total, i) => {
    ensureRoom(20);
    if (i === content.totals.length - 1) doc.fontSize(12);
    const y = doc.y;
    w.write(total.label, 230, y, { width: 230, align: 'right' });
    const bottom = doc.y;
    w.write(total.value, cols.amount, y, { width: RIGHT - cols.amount, align: 'right' });
    doc.x = LEFT;
    doc.y = Math.max(bottom, doc.y);
  });
  doc.fontSize(10).moveDown();

  if (content.bank) {
    ensureRoom(110);
    w.write(content.bank.heading, LEFT, doc.y, { width: RIGHT - LEFT });
    doc.moveDown(0.3);
    fields(content.bank.fields, LEFT + 10, RIGHT - LEFT - 10);
    doc.fontSize(8);
    w.write(content.bank.note, LEFT + 10, doc.y, { width: RIGHT - LEFT - 10 });
    doc.fontSize(10).moveDown();
  }
  doc.fontSize(8);
  for (const note of content.notes) {
    ensureRoom(20);
    w.write(note, LEFT, doc.y, { width: RIGHT - LEFT });
  }
  doc.end();
  return done;
}
