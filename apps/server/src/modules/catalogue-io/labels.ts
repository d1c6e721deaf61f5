/**
 * A printable A4 sheet of item labels: 3 × 8 per page, laid out like the common 63.5 × 33.9 mm
 * label sheets (e.g. Avery L7159), so they print straight onto labels or onto paper to cut.
 * Each label carries a QR code that opens the item, its number large, its name and its place.
 */
import { existsSync } from 'node:fs';
import { directionOf, drawLine, wrapLines } from '../../platform/pdf-text.js';
import type { LabelEntry } from './service.js';

const mm = (v: number) => (v * 72) / 25.4;

export const LABEL_GRID = {
  columns: 3,
  rows: 8,
  width: mm(63.5),
  height: mm(33.9),
  left: mm(7.2),
  top: mm(12.9),
  pitchX: mm(66),
  pitchY: mm(33.9),
} as const;
export const LABELS_PER_PAGE = LABEL_GRID.columns * LABEL_GRID.rows;

/** QR codes as small black-and-white PNGs (one byte per pixel, no alpha), 4 px per module. */
export async function qrPng(url: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode'); // loaded on first use: a fast cold start (ADR 0018)
  return QRCode.toBuffer(url, {
    errorCorrectionLevel: 'M',
    margin: 2,
    scale: 4,
    // colorType 0 (grey) is a pngjs option the typings do not list.
    rendererOpts: { deflateLevel: 1, colorType: 0 } as { deflateLevel: number },
  });
}

const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const FALLBACK: Record<string, string> = { ı: 'i', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h', ŋ: 'n', ŧ: 't', '−': '-', '′': "'", '″': '"' };

/**
 * The PDF's built-in fonts cover Western European letters only (WinAnsi). Other Latin letters
 * lose their accents (ş → s, ğ → g); anything else becomes "?". The number and QR code always print.
 */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (FALLBACK[ch]) out += FALLBACK[ch];
    else if (/\s/.test(ch)) out += ' ';
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0x7e) ? base : '?';
    }
  }
  return out;
}

/**
 * A Unicode font for names (Turkish, Arabic, ...) when the machine has one; Debian ships DejaVu
 * with most desktops and browsers. Without it the built-in Helvetica prints `printable` text.
 */
const UNICODE_FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/local/share/fonts/DejaVuSans.ttf'];
let unicodeFont: string | null | undefined;
function findUnicodeFont(): string | null {
  unicodeFont ??= UNICODE_FONTS.find((f) => existsSync(f)) ?? null;
  return unicodeFont;
}

/** Renders the labels; `skip` leaves that many positions empty on the first page (a part-used sheet). */
export async function renderLabelSheet(entries: LabelEntry[], options: { title: string; skip?: number }): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit'); // loaded on first use (ADR 0018)
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: printable(options.title), Creator: 'Estate Portal' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const g = LABEL_GRID;
  const pad = mm(2.5);
  const qrSize = g.height - 2 * pad;
  const skip = options.skip ?? 0;
  // QR images are made on the main thread: yield now and then so other requests keep moving.
  const qrs: Buffer[] = [];
  for (const [i, entry] of entries.entries()) {
    if (i % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
    qrs.push(await qrPng(entry.url));
  }
  const fontFile = findUnicodeFont();
  if (fontFile) doc.registerFont('text', fontFile);
  const textFont = fontFile ? 'text' : 'Helvetica';
  const show = fontFile ? (t: string) => t : printable;
  entries.forEach((entry, i) => {
    const slot = (i + skip) % LABELS_PER_PAGE;
    if (i === 0 || slot === 0) doc.addPage({ size: 'A4', margin: 0 });
    const x = g.left + (slot % g.columns) * g.pitchX;
    const y = g.top + Math.floor(slot / g.columns) * g.pitchY;
    // A faint outline to cut along when printed on plain paper.
    doc.save().roundedRect(x + 0.5, y + 0.5, g.width - 1, g.height - 1, 6).lineWidth(0.3).strokeColor('#c8c8c8').stroke().restore();
    doc.image(qrs[i]!, x + pad, y + pad, { width: qrSize, height: qrSize });
    const textX = x + pad + qrSize + mm(1.5);
    const textWidth = g.width - (textX - x) - pad;
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(17).text(entry.label, textX, y + pad + 2, { width: textWidth, lineBreak: false });
    // Names and places in any language, Arabic right to left (platform/pdf-text.ts).
    const name = show(entry.name);
    doc.font(textFont).fontSize(8);
    wrapLines(doc, name, textWidth, 4).forEach((line, k) => drawLine(doc, line, textX, y + pad + 24 + k * 9.5, textWidth, { direction: directionOf(name) }));
    if (entry.place) {
      const place = show(entry.place);
      doc.fillColor('#555555').fontSize(6);
      const [first] = wrapLines(doc, place, textWidth, 1);
      if (first) drawLine(doc, first, textX, y + g.height - pad - 8, textWidth, { direction: directionOf(place) });
    }
  });
  doc.end();
  return done;
}
