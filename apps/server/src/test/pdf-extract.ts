/**
 * Reads the text of a PDF that pdfkit wrote, as a reader would see it: each line's pieces sorted
 * left to right. Enough for tests of generated files (content streams with Tj/TJ, fonts with a
 * ToUnicode map or the standard fonts' literal strings); not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

type PdfObject = { dict: string; stream: Buffer | null };

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2]!;
    const streamAt = body.indexOf('stream');
    if (streamAt === -1) {
      out.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    let start = m.index + m[0].indexOf(body) + streamAt + 'stream'.length;
    if (text[start] === '\r') start += 1;
    if (text[start] === '\n') start += 1;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    let data = pdf.subarray(start, start + length);
    if (dict.includes('/FlateDecode')) data = inflateSync(data);
    out.set(Number(m[1]), { dict, stream: data });
  }
  return out;
}

function hexToText(spaced: string): string {
  const hex = spaced.replace(/\s+/g, '');
  let s = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) s += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return s;
}

/** A ToUnicode CMap: character code (hex) → text. */
function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, uni] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(code!, 16), hexToText(uni!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const from = parseInt(lo!, 16);
      const to = parseInt(hi!, 16);
      if (rest!.startsWith('[')) {
        [...rest!.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((u, k) => map.set(from + k, hexToText(u[1]!)));
      } else {
        const base = hexToText(rest!.slice(1, -1));
        for (let c = from; c <= to; c++) map.set(c, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + (c - from)));
      }
    }
  }
  return map;
}

function literal(s: string): string {
  return s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_m, e: string) => {
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e;
  });
}

/** The lines of text on each page, top to bottom, each read left to right. */
export function pdfLines(pdf: Buffer): string[][] {
  const objs = objects(pdf);
  const fontMaps = new Map<number, Map<number, string> | null>();
  const fontMap = (ref: number) => {
    if (!fontMaps.has(ref)) {
      const uni = /\/ToUnicode (\d+) 0 R/.exec(objs.get(ref)?.dict ?? '');
      fontMaps.set(ref, uni ? parseCMap(objs.get(Number(uni[1]))?.stream?.toString('latin1') ?? '') : null);
    }
    return fontMaps.get(ref)!;
  };
  const pages: string[][] = [];
  for (const [, obj] of objs) {
    if (!/\/Type \/Page\b/.test(obj.dict)) continue;
    const fonts = new Map<string, number>();
    const resources = /\/Resources (\d+) 0 R/.exec(obj.dict);
    const resDict = resources ? (objs.get(Number(resources[1]))?.dict ?? '') : obj.dict;
    const fontBlock = /\/Font <<([\s\S]*?)>>/.exec(resDict)?.[1] ?? '';
    for (const [, name, ref] of fontBlock.matchAll(/\/(\S+) (\d+) 0 R/g)) fonts.set(name!, Number(ref));
    const contents = /\/Contents (\d+) 0 R/.exec(obj.dict);
    const stream = contents ? (objs.get(Number(contents[1]))?.stream?.toString('latin1') ?? '') : '';
    const runs: { x: number; y: number; text: string }[] = [];
    let font: Map<number, string> | null = null;
    for (const bt of stream.matchAll(/BT([\s\S]*?)ET/g)) {
      const body = bt[1]!;
      const tf = /\/(\S+) [\d.]+ Tf/.exec(body);
      if (tf) font = fontMap(fonts.get(tf[1]!) ?? -1);
      const tm = /([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) Tm/.exec(body);
      const x = tm ? Number(tm[5]) : 0;
      const y = tm ? Number(tm[6]) : 0;
      let text = '';
      for (const [, arr, single] of body.matchAll(/\[([\s\S]*?)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)) {
        const parts = arr !== undefined ? [...arr.matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)] : [...single!.matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)];
        for (const p of parts) {
          if (p[1] !== undefined) {
            for (let i = 0; i + 4 <= p[1].length; i += 4) {
              const code = parseInt(p[1].slice(i, i + 4), 16);
              const chars = font?.get(code) ?? '\uFFFD';
              // A ligature of right-to-left letters (lam-alef) maps to its letters in reading order;
              // in this left-to-right, visual reading they come reversed, like every other glyph.
              text += chars.length > 1 && /^[\u0590-\u08FF]+$/.test(chars) ? [...chars].reverse().join('') : chars;
            }
          } else {
            text += literal(p[2] ?? '');
          }
        }
      }
      runs.push({ x, y, text });
    }
    // Group by line (the text matrix's y, rounded); the top line first.
    const lines = new Map<number, { x: number; text: string }[]>();
    for (const r of runs) {
      const key = Math.round(r.y);
      lines.set(key, [...(lines.get(key) ?? []), r]);
    }
    pages.push(
      [...lines.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([, parts]) => parts.sort((a, b) => a.x - b.x).map((p) => p.text).join('')),
    );
  }
  return pages;
}
