/**
 * A device in plain words from a browser's User-Agent (issue 31, the profile's Sessions): which
 * browser on which kind of system. Names of browsers and systems are the same in every language;
 * the kind ("phone", "tablet", "computer") is worded by the reader's language.
 */
export type DeviceKind = 'phone' | 'tablet' | 'computer';

export type Device = {
  /** "Chrome", "Firefox", "Safari", "Edge", "Samsung Internet", "Opera", or undefined. */
  browser?: string;
  /** "Android", "iPhone", "iPad", "Windows", "Mac", "ChromeOS", "Linux", or undefined. */
  system?: string;
  kind?: DeviceKind;
};

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

function systemOf(ua: string): Pick<Device, 'system' | 'kind'> {
  if (/\biPad\b/.test(ua)) return { system: 'iPad', kind: 'tablet' };
  if (/\biPhone\b|\biPod\b/.test(ua)) return { system: 'iPhone', kind: 'phone' };
  if (/\bAndroid\b/.test(ua)) return { system: 'Android', kind: /\bMobile\b/.test(ua) ? 'phone' : 'tablet' };
  if (/\bCrOS\b/.test(ua)) return { system: 'ChromeOS', kind: 'computer' };
  if (/\bWindows\b/.test(ua)) return { system: 'Windows', kind: 'computer' };
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return { system: 'Mac', kind: 'computer' };
  if (/\bLinux\b/.test(ua)) return { system: 'Linux', kind: 'computer' };
  return {};
}

export function describeDevice(userAgent: string): Device {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return { ...(browser ? { browser } : {}), ...systemOf(userAgent) };
}
