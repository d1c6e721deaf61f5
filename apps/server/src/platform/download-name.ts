/**
 * The Content-Disposition header of a download: the file name as plain ASCII (`filename`, for old
 * clients) and in full as UTF-8 (`filename*`), without bidirectional controls (a right-to-left
 * override can make "report‮fdp.exe" show as "reportexe.pdf"), quotes or line breaks.
 */
import { stripBidiControls } from '@estate/domain/schemas/text';

export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  // eslint-disable-next-line no-control-regex
  const clean = stripBidiControls(name).replace(/[\u0000-\u001f\u007f]/g, ' ');
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}
