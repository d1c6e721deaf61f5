import { describe, expect, it } from 'vitest';
import { describeDevice } from './devices.js';

describe('describeDevice', () => {
  it('names common browsers and systems', () => {
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1')).toEqual({ browser: 'Safari', system: 'iPhone', kind: 'phone' });
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36')).toEqual({ browser: 'Chrome', system: 'Android', kind: 'phone' });
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0')).toEqual({ browser: 'Edge', system: 'Windows', kind: 'computer' });
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0')).toEqual({ browser: 'Firefox', system: 'Mac', kind: 'computer' });
    expect(describeDevice('Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Safari/537.36')).toEqual({ browser: 'Samsung Internet', system: 'Android', kind: 'tablet' });
  });

  it('knows nothing of an empty or unknown agent', () => {
    expect(describeDevice('')).toEqual({});
    expect(describeDevice('curl/8.5.0')).toEqual({});
  });
});
