/**
 * Ascending order of UTF-8 bytes ("sorted by id" in distribution.md), which is code point order.
 * JS string comparison is UTF-16 code unit order and differs from it only when a surrogate (a code
 * point above U+FFFF) meets a unit in U+E000..U+FFFF. Portable (no Node API): the web app sorts
 * a member's input lines with it too.
 */
function isSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdfff;
}

/** Ascending UTF-8 byte order of two well-formed strings, without encoding them. */
export function compareIds(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = a.charCodeAt(k);
    const y = b.charCodeAt(k);
    if (x === y) continue;
    const xs = isSurrogate(x);
    if (xs !== isSurrogate(y)) {
      // A surrogate stands for a code point ≥ U+10000, above every BMP unit.
      return xs ? 1 : -1;
    }
    return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

const SURROGATE = /[\ud800-\udfff]/;
const HIGH_BMP = /[\ue000-\uffff]/;

function compareUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts in place by UTF-8 bytes; uses the engine's own string order when it is provably the same. */
export function sortUtf8<T extends string>(list: T[]): T[] {
  let surrogates = false;
  let highBmp = false;
  for (const s of list) {
    if (!surrogates && SURROGATE.test(s)) surrogates = true;
    if (!highBmp && HIGH_BMP.test(s)) highBmp = true;
    if (surrogates && highBmp) return list.sort(compareIds);
  }
  return list.sort(compareUnits);
}
