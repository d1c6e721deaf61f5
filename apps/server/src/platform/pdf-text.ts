/**
 * Text in generated PDFs in any of the app's languages. pdfkit shapes Arabic (fontkit joins the
 * letters) but lays each string out in one direction, chosen from its first letters: a line that
 * mixes Arabic with Latin letters or numbers ("كرسي A-0042") came out with the number reversed and
 * the spaces between the runs in the wrong place. Here a line goes through the Unicode
 * bidirectional algorithm first and is drawn as pieces of one direction each, left to right, with
 * the spaces where the algorithm puts them.
 */
import { existsSync } from 'node:fs';
import bidiModule, { type Bidi } from 'bidi-js';

// bidi-js is a CommonJS module whose `module.exports` is the factory; its typings call it `default`.
const bidi = (bidiModule as unknown as () => Bidi)();

export type Direction = 'ltr' | 'rtl';

/**
 * Characters whose script fontkit lays out right to left (Hebrew, Arabic with its own digits,
 * Syriac, Thaana, N'Ko, presentation forms); the Arabic comma, semicolon, question mark and tatweel
 * belong to no script and do not count.
 */
const RTL_SCRIPT = /[\u0590-\u060B\u060D-\u061A\u061C-\u061E\u0620-\u063F\u0641-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

const reversed = (text: string) => [...text].reverse().join('');

/**
 * A line as pieces in visual order, left to right, each of one direction, in logical order within
 * the piece (right-to-left pieces with their brackets mirrored).
 */
export function visualPieces(line: string, direction: Direction): { text: string; rtl: boolean }[] {
  if (line === '') return [];
  const embedding = bidi.getEmbeddingLevels(line, direction);
  const { levels } = embedding;
  const order = Array.from({ length: line.length }, (_, i) => i);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(line, embedding)) {
    const segment = order.slice(start, end + 1).reverse();
    order.splice(start, segment.length, ...segment);
  }
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const pieces: { text: string; rtl: boolean }[] = [];
  let i = 0;
  while (i < order.length) {
    const level = levels[order[i]!]!;
    const rtl = level % 2 === 1;
    let j = i + 1;
    // One piece: the same level, and logically next to each other in the direction of that level.
    while (j < order.length && levels[order[j]!] === level && order[j]! === order[j - 1]! + (rtl ? -1 : 1)) j += 1;
    const indices = order.slice(i, j);
    const logical = rtl ? [...indices].reverse() : indices;
    pieces.push({ text: logical.map((k) => mirrored.get(k) ?? line[k]!).join(''), rtl });
    i = j;
  }
  return pieces;
}

/**
 * What to hand pdfkit for a piece so that it comes out in visual order: fontkit reverses a string
 * whose first letters are of a right-to-left script (and shapes Arabic), and leaves others as given.
 */
function drawable(piece: { text: string; rtl: boolean }): string {
  const fontReverses = RTL_SCRIPT.test(piece.text);
  return piece.rtl === fontReverses ? piece.text : reversed(piece.text);
}

/** The direction of a text by its first strong letter (a name in Arabic reads right to left). */
export function directionOf(text: string): Direction {
  const level = bidi.getEmbeddingLevels(text).paragraphs[0]?.level ?? 0;
  return level % 2 === 1 ? 'rtl' : 'ltr';
}

/** The text of a line in the order it is seen, left to right (what a PDF's text layer reads as). */
export function visualText(line: string, direction: Direction): string {
  return visualPieces(line, direction)
    .map((p) => (p.rtl ? reversed(p.text) : p.text))
    .join('');
}

/** The part of pdfkit's document these helpers use. */
export type PdfTextTarget = Pick<PDFKit.PDFDocument, 'widthOfString' | 'text'>;

/**
 * pdfkit lays a string out word by word (for its cache) unless it is given features: then the
 * whole piece is shaped as one run, so a right-to-left piece comes out with its words reversed too.
 */
const WHOLE_RUN: { features: PDFKit.Mixins.OpenTypeFeatures[] } = { features: [] };

/** Draws one line in `width` points from `x`, aligned to the start of its direction (or `align`). */
export function drawLine(
  doc: PdfTextTarget,
  line: string,
  x: number,
  y: number,
  width: number,
  options: { direction: Direction; align?: 'left' | 'right' | 'center' },
): void {
  const pieces = visualPieces(line, options.direction).map(drawable);
  const widths = pieces.map((p) => doc.widthOfString(p, WHOLE_RUN));
  const total = widths.reduce((a, b) => a + b, 0);
  const align = options.align ?? (options.direction === 'rtl' ? 'right' : 'left');
  let cursor = align === 'right' ? x + width - total : align === 'center' ? x + (width - total) / 2 : x;
  pieces.forEach((piece, k) => {
    doc.text(piece, cursor, y, { lineBreak: false, ...WHOLE_RUN });
    cursor += widths[k]!;
  });
}

/**
 * Breaks text into lines that fit `width` (at spaces; a word longer than a line is cut), at most
 * `maxLines`; the last line ends in "…" when text was left out. Lines are in logical order.
 */
export function wrapLines(doc: Pick<PdfTextTarget, 'widthOfString'>, text: string, width: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  const fits = (t: string) => doc.widthOfString(t, WHOLE_RUN) <= width;
  for (let word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    while (!fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(word.slice(0, cut))) cut -= 1;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    current = word;
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]!}…`;
  while (last.length > 1 && !fits(last)) last = `${last.slice(0, -2)}…`;
  kept[maxLines - 1] = last;
  return kept;
}

/**
 * Fonts with the app's three scripts (Latin with Turkish letters, and Arabic): DejaVu, which Debian
 * installs with its fonts (fonts-dejavu-core), or Noto / FreeFont where those are installed.
 */
const REGULAR_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/local/share/fonts/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSans.ttf',
];
const BOLD_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/local/share/fonts/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/freefont/FreeSansBold.ttf',
];
let found: { regular: string | null; bold: string | null } | undefined;

/** The Unicode fonts of this machine, or null where there is none (then only Latin text prints). */
export function unicodeFonts(): { regular: string | null; bold: string | null } {
  if (!found) {
    const regular = REGULAR_FONTS.find((f) => existsSync(f)) ?? null;
    found = { regular, bold: BOLD_FONTS.find((f) => existsSync(f)) ?? regular };
  }
  return found;
}
