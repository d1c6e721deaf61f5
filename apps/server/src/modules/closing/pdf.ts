/**
 * The report files' PDFs: a title, sections, and plain tables that break across pages with their
 * header repeated, page numbers at the foot. Text is set in DejaVu Sans when the machine has it
 * (names in any Latin script, Arabic letters), otherwise in the built-in Helvetica (`printable`).
 */
import { existsSync } from 'node:fs';
import { printable } from '../catalogue-io/labels.js';
import { directionOf, drawLine, wrapLines } from '../../platform/pdf-text.js';

const FONTS = {
  regular: ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/local/share/fonts/DejaVuSans.ttf'],
  bold: ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/local/share/fonts/DejaVuSans-Bold.ttf'],
};
const find = (files: string[]) => files.find((f) => existsSync(f)) ?? null;

export type Column = { title: string; width: number; align?: 'left' | 'right' };
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'facts'; rows: [string, string][] }
  | { kind: 'table'; columns: Column[]; rows: string[][]; emptyText?: string };

/** A cell with right-to-left letters (an Arabic name) is laid out line by line through the bidi algorithm (ADR 0013). */
const RTL_LETTERS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

const MARGIN = 48;
const BODY = 9.5;

/** Renders a report: `title` on top, then `blocks` in order. Widths are fractions of the line. */
export async function renderReportPdf(options: { title: string; subtitle: string; blocks: Block[] }): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit'); // loaded on first use: a fast cold start (ADR 0018)
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: printable(options.title), Creator: 'Estate Portal' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const regular = find(FONTS.regular);
  const bold = find(FONTS.bold);
  if (regular) doc.registerFont('body', regular);
  if (bold) doc.registerFont('bold', bold);
  const bodyFont = regular ? 'body' : 'Helvetica';
  const boldFont = bold ? 'bold' : regular ? 'body' : 'Helvetica-Bold';
  const show = regular ? (t: string) => t : printable;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 18;

  doc.font(boldFont).fontSize(18).fillColor('#1f2933').text(show(options.title), { width });
  doc.moveDown(0.2).font(bodyFont).fontSize(10).fillColor('#52606d').text(show(options.subtitle), { width });
  doc.moveDown(1).fillColor('#1f2933');

  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  for (const block of options.blocks) {
    if (block.kind === 'heading') {
      ensure(40);
      doc.moveDown(0.6).font(boldFont).fontSize(13).text(show(block.text), MARGIN, doc.y, { width });
      doc.moveDown(0.3);
    } else if (block.kind === 'text') {
      doc.font(bodyFont).fontSize(BODY + 0.5);
      ensure(doc.heightOfString(show(block.text), { width }) + 6);
      doc.text(show(block.text), MARGIN, doc.y, { width });
      doc.moveDown(0.4);
    } else if (block.kind === 'facts') {
      for (const [label, value] of block.rows) {
        doc.font(bodyFont).fontSize(BODY + 0.5);
        // The row is as tall as the taller of its two sides: a label that wraps pushes the next row down.
        const h = Math.max(doc.heightOfString(show(label), { width: width * 0.36 }), doc.heightOfString(show(value), { width: width * 0.62 }), 12);
        ensure(h + 2);
        const y = doc.y;
        doc.fillColor('#52606d').text(show(label), MARGIN, y, { width: width * 0.36 });
        doc.fillColor('#1f2933').text(show(value), MARGIN + width * 0.38, y, { width: width * 0.62 });
        doc.y = y + h + 2;
      }
      doc.moveDown(0.4);
    } else {
      table(block.columns, block.rows, block.emptyText);
    }
  }

  function table(columns: Column[], rows: string[][], emptyText?: string) {
    const xs: number[] = [];
    let x = MARGIN;
    for (const c of columns) {
      xs.push(x);
      x += c.width * width;
    }
    const pad = 3;
    /** A right-to-left cell's lines (with a Unicode font), else null: pdfkit lays it out itself. */
    const bidiLines = (cell: string, w: number) => (regular && RTL_LETTERS.test(cell) ? wrapLines(doc, cell, w, 50) : null);
    const cellHeight = (cells: string[], font: string) => {
      doc.font(font).fontSize(BODY);
      return (
        Math.max(
          ...cells.map((cell, i) => {
            const w = columns[i]!.width * width - 2 * pad;
            const lines = bidiLines(cell, w);
            return lines ? lines.length * doc.heightOfString('X', { width: w }) : doc.heightOfString(show(cell || ' '), { width: w });
          }),
        ) + 2 * pad
      );
    };
    const drawRow = (cells: string[], font: string, fill?: string) => {
      const h = cellHeight(cells, font);
      const y = doc.y;
      if (fill) doc.save().rect(MARGIN, y, width, h).fill(fill).restore();
      doc.font(font).fontSize(BODY).fillColor('#1f2933');
      cells.forEach((cell, i) => {
        const c = columns[i]!;
        const w = c.width * width - 2 * pad;
        const lines = bidiLines(cell, w);
        if (!lines) {
          doc.text(show(cell), xs[i]! + pad, y + pad, { width: w, align: c.align ?? 'left' });
          return;
        }
        const lineHeight = doc.heightOfString('X', { width: w });
        lines.forEach((line, k) => drawLine(doc, line, xs[i]! + pad, y + pad + k * lineHeight, w, { direction: directionOf(line), align: c.align ?? 'left' }));
      });
      doc.save().moveTo(MARGIN, y + h).lineTo(MARGIN + width, y + h).lineWidth(0.4).strokeColor('#cbd2d9').stroke().restore();
      doc.y = y + h;
    };
    const header = columns.map((c) => c.title);
    ensure(cellHeight(header, boldFont) + (rows[0] ? cellHeight(rows[0], bodyFont) : 14));
    drawRow(header, boldFont, '#eef1f4');
    if (rows.length === 0 && emptyText) drawRow([emptyText, ...columns.slice(1).map(() => '')], bodyFont);
    for (const row of rows) {
      if (doc.y + cellHeight(row, bodyFont) > bottom()) {
        doc.addPage();
        drawRow(header, boldFont, '#eef1f4');
      }
      drawRow(row, bodyFont);
    }
    doc.x = MARGIN;
    doc.moveDown(0.6);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The page number sits in the bottom margin: let pdfkit write there without starting a page.
    doc.page.margins.bottom = 0;
    doc
      .font(bodyFont)
      .fontSize(8)
      .fillColor('#7b8794')
      .text(`${i + 1} / ${range.count}`, MARGIN, doc.page.height - MARGIN + 8, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
