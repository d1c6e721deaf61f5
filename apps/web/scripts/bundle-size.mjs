// Initial JavaScript per page, from the build manifest (run after `vite build`): the entry with
// its static imports, plus the page's chunk and its static imports (and the app shell for pages
// inside it). Sizes are gzip, in kB of 1000 bytes. Fails when the sign-in page passes 135 kB or
// any page passes 300 kB (quality.md "Benchmarks"), or when the item list's first load (the entry,
// the signed-in frame and the list page, with their static imports) needs more than 8 files
// (ADR 0029, ADR 0031: small files queue on a phone's connections) or more than 240 kB (ADR 0030: menus,
// selects and filters load when first opened, not with the page).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const LOGIN_BUDGET = 135;
const PAGE_BUDGET = 300;
const LIST_FILES_BUDGET = 8;
const LIST_BUDGET = 240;

const gzipCache = new Map();
const gz = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
};
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}
const kb = (keys) => [...keys].reduce((sum, key) => sum + gz(manifest[key].file), 0) / 1000;

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const shell = Object.keys(manifest).find((key) => key.endsWith('app/layout/app-shell.tsx'));
const shellPages = /features\/(estates|members|profile|admin|documentation|placeholders)\//;
const rows = Object.keys(manifest)
  .filter((key) => key.includes('/pages/'))
  .map((key) => {
    const keys = closure(key, closure(entry));
    if (shellPages.test(key)) closure(shell, keys);
    return { page: key.replace(/^src\//, ''), kb: kb(keys) };
  })
  .sort((a, b) => b.kb - a.kb);

let failed = false;
for (const row of rows) {
  const budget = row.page.endsWith('login-page.tsx') ? LOGIN_BUDGET : PAGE_BUDGET;
  const over = row.kb > budget;
  failed ||= over;
  console.log(`${row.kb.toFixed(1).padStart(7)} kB  ${over ? 'OVER ' : '     '}${row.page}  (budget ${budget})`);
}
const list = Object.keys(manifest).find((key) => key.endsWith('features/catalogue/pages/items-page.tsx'));
const listFirstLoad = closure(list, closure(shell, closure(entry)));
const tooMany = listFirstLoad.size > LIST_FILES_BUDGET;
const listKb = kb(listFirstLoad);
const tooBig = listKb > LIST_BUDGET;
failed ||= tooMany || tooBig;
console.log(`${String(listFirstLoad.size).padStart(7)} files ${tooMany ? 'OVER ' : '     '}the item list's first load  (budget ${LIST_FILES_BUDGET})`);
console.log(`${listKb.toFixed(1).padStart(7)} kB  ${tooBig ? 'OVER ' : '     '}the item list's first load, with the frame  (budget ${LIST_BUDGET})`);
process.exit(failed ? 1 : 0);
