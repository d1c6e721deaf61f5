import createCache, { type EmotionCache } from '@emotion/cache';

/** Left-to-right styles: Emotion's default set-up (no nonce; CSP allows inline styles). */
export const ltrCache: EmotionCache = createCache({ key: 'css' });

let rtlCache: EmotionCache | null = null;

/** The right-to-left cache flips styles with stylis-plugin-rtl; loaded only when Arabic is used. */
export async function loadRtlCache(): Promise<EmotionCache> {
  if (rtlCache) return rtlCache;
  const [{ prefixer }, { default: rtlPlugin }] = await Promise.all([
    import('stylis'),
    import('stylis-plugin-rtl'),
  ]);
  rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
  return rtlCache;
}

export function getRtlCache(): EmotionCache | null {
  return rtlCache;
}
