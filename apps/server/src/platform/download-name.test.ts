/**
 * A download's name (issue 31, item 8): names stored before bidirectional controls were dropped at
 * the door, or made from other text, still reach the browser without them, in both forms.
 */
import { expect, it } from 'vitest';
import { contentDisposition } from './download-name.js';

it('drops bidirectional controls from the plain and the UTF-8 name, keeping the letters', () => {
  expect(contentDisposition('report\u202Efdp.exe')).toBe(`attachment; filename="reportfdp.exe"; filename*=UTF-8''reportfdp.exe`);
  expect(contentDisposition('\u2067Will\u2069 \u200Fcopy\u200E.pdf', 'inline')).toBe(`inline; filename="Will copy.pdf"; filename*=UTF-8''Will%20copy.pdf`);
  // Arabic letters stay (as UTF-8; the plain form has underscores), only the mark goes.
  const arabic = contentDisposition('\u061Cساعة.pdf');
  expect(arabic).toBe(`attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('ساعة.pdf')}`);
});
