/**
 * An XLSX file is a zip archive of XML parts. Before a spreadsheet library unpacks one, we read
 * the archive's table of contents (the central directory, at its end) and refuse archives that
 * would unpack to more than we allow: a "zip bomb" is a few kilobytes that unpack to gigabytes.
 *
 * The sizes in the table of contents are only what the file claims, so `unpackAndCount` (run in
 * the import worker) then unpacks every part with its claimed size as a hard ceiling, and counts
 * the cells and shared strings the sheets hold, before the library builds anything from them.
 */
import { inflateRawSync } from 'node:zlib';
import { AppError } from '../../platform/errors.js';

export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

export type ZipLimits = { unpackedBytes: number; entries: number; cells: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Sizes and offsets that say "look in the ZIP64 record": only archives over 4 GB need them. */
const ZIP64_MARK = 0xffffffff;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString('en')} MB`;

const damaged = () =>
  new AppError(
    'unsupported_type',
    'That Excel file could not be read; it may be damaged. Please save it again as .xlsx or CSV.',
  );

const tooBigUnpacked = (limits: ZipLimits) =>
  new AppError(
    'too_large',
    `That Excel file unpacks to more than ${megabytes(limits.unpackedBytes)}, the most we read. Please split it into smaller files, or save it as CSV.`,
    { file: `At most ${megabytes(limits.unpackedBytes)} once unpacked.` },
  );

/** The archive's table of contents, or undefined when the bytes are not a zip archive we can read. */
export function centralDirectory(bytes: Buffer): ZipEntry[] | undefined {
  // An XLSX archive starts with its first part (a CSV that happens to hold the end marker does not).
  if (bytes.length < 30 || bytes.readUInt32LE(0) !== LOCAL) return undefined;
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= lowest; i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || size === ZIP64_MARK || offset === ZIP64_MARK || offset + size > end)
    return undefined;
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) return undefined;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Refuses an archive whose table of contents claims more parts or unpacked bytes than the limits. */
export function checkDeclaredSizes(entries: ZipEntry[], limits: ZipLimits): void {
  if (entries.length > limits.entries) {
    throw new AppError(
      'too_large',
      `That Excel file holds ${entries.length.toLocaleString('en')} parts; we read files of at most ${limits.entries.toLocaleString('en')}. Please save it again as .xlsx or CSV.`,
    );
  }
  let total = 0;
  for (const e of entries) {
    if (e.size === ZIP64_MARK || e.compressedSize === ZIP64_MARK) throw tooBigUnpacked(limits);
    total += e.size;
  }
  if (total > limits.unpackedBytes) throw tooBigUnpacked(limits);
}

/** `<c …>` (a cell) and `<si>` (a shared string), with or without a namespace prefix. */
const CELL = /<(?:[A-Za-z_][\w.-]*:)?c[\s/>]/g;
const SHARED_STRING = /<(?:[A-Za-z_][\w.-]*:)?si[\s/>]/g;
const countOf = (text: string, pattern: RegExp) => {
  let n = 0;
  pattern.lastIndex = 0;
  while (pattern.exec(text)) n++;
  return n;
};

/**
 * Unpacks every part with its claimed size as the ceiling (a part that unpacks to more is refused)
 * and counts the cells of every worksheet and the shared strings. Call after checkDeclaredSizes.
 */
export function unpackAndCount(
  bytes: Buffer,
  entries: ZipEntry[],
  limits: ZipLimits,
): { cells: number; sharedStrings: number } {
  let cells = 0;
  let sharedStrings = 0;
  for (const e of entries) {
    if (e.localOffset + 30 > bytes.length || bytes.readUInt32LE(e.localOffset) !== LOCAL) throw damaged();
    const start =
      e.localOffset + 30 + bytes.readUInt16LE(e.localOffset + 26) + bytes.readUInt16LE(e.localOffset + 28);
    if (start + e.compressedSize > bytes.length) throw damaged();
    const packed = bytes.subarray(start, start + e.compressedSize);
    let data: Buffer;
    if (e.method === 0) data = packed;
    else if (e.method === 8) {
      try {
        // A part that unpacks to more than it claims is a bomb (or damaged): stop at the claim.
        data = inflateRawSync(packed, { maxOutputLength: e.size + 1 });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooBigUnpacked(limits);
        throw damaged();
      }
    } else throw damaged();
    if (data.length > e.size) throw tooBigUnpacked(limits);
    if (data.length < e.size) throw damaged();
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(e.name)) cells += countOf(data.toString('latin1'), CELL);
    else if (/^xl\/sharedStrings\.xml$/i.test(e.name))
      sharedStrings += countOf(data.toString('latin1'), SHARED_STRING);
  }
  if (cells > limits.cells || sharedStrings > limits.cells) {
    throw new AppError(
      'too_large',
      `That Excel file holds ${Math.max(cells, sharedStrings).toLocaleString('en')} cells; we read at most ${limits.cells.toLocaleString('en')} at once. Please split it into smaller files.`,
      { file: `At most ${limits.cells.toLocaleString('en')} cells.` },
    );
  }
  return { cells, sharedStrings };
}
