/**
 * Limits on uploaded files: the server enforces them, the web app checks what it cheaply can
 * before uploading and names them in every language. Why these numbers:
 * docs/decisions/0008-bounded-uploads.md.
 */

const MB = 1024 * 1024;

export const PHOTO_LIMITS = {
  /** Bytes of one photo file as uploaded. */
  bytes: 25 * MB,
  /**
   * Width × height, in millions of pixels. Phones make 12 MP, and 48–50 MP in their high-resolution
   * modes (8,160 × 6,120 is 49.9 MP); decoding costs time and memory by the pixel (eight 60 MP
   * photos at once took 33 s and 1.4 GB), so 50 is the most we decode.
   */
  megapixels: 50,
  /** Photos one item keeps: enough for every side and detail, few enough to page through. */
  perItem: 24,
} as const;

export const IMPORT_LIMITS = {
  /** Bytes of the CSV or XLSX file as uploaded (a 5,000-item export is about 2 MB as CSV). */
  bytes: 10 * MB,
  /** Bytes an XLSX file may unpack to, all its parts together. */
  unpackedBytes: 50 * MB,
  /** Parts inside an XLSX archive (a sheet saved by Excel has about 15). */
  zipEntries: 1_000,
  /** Item rows below the header. */
  rows: 5_000,
  /** Columns with something in them (the export has 16). */
  columns: 100,
  /** Cells in all of an XLSX file's sheets together, and its shared strings: about rows × columns. */
  cells: 500_000,
  /** Characters in one cell: Excel's own limit. */
  cellCharacters: 32_767,
  /** Time to read the file before it is given up. */
  seconds: 20,
} as const;

export const DOCUMENT_LIMITS = {
  /** Bytes of one document (a scanned will of 40 pages is about 10 MB as PDF). */
  bytes: 25 * MB,
  /** Documents in one estate's vault. */
  perEstate: 2_000,
  /** Folders in one estate's vault. */
  folders: 200,
} as const;
