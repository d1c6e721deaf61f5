/** The import worker: reads one uploaded spreadsheet off the request loop (see readSheet in sheet.ts). */
import { serveTask } from '../../platform/worker-pool.js';
import { parseSheet, type ImportLimits } from './sheet.js';

serveTask(({ bytes, limits }: { bytes: Uint8Array; limits: ImportLimits }) =>
  parseSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits),
);
