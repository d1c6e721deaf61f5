/**
 * Stories behind the things (issue 34): a text, a voice recording, or both. The server checks a
 * recording by its first bytes (never by the name or type the browser gives it) and its length;
 * the web app uses the same limits before recording and sending.
 */

const MB = 1024 * 1024;

export const STORY_LIMITS = {
  /** Characters of a written story. */
  textChars: 4_000,
  /** Seconds of a recording: five minutes. */
  seconds: 300,
  /**
   * Bytes of a recording: 12 MB, five minutes at 320 kbit/s (a phone records speech at 32–128).
   * An uncompressed WAV over it (five minutes of 16 kHz mono is 9.6 MB) is refused as too large.
   */
  bytes: 12 * MB,
} as const;

export type AudioKind = 'webm' | 'ogg' | 'mp4' | 'mpeg' | 'wav';

export const AUDIO_CONTENT_TYPES: Record<AudioKind, string> = {
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  mp4: 'audio/mp4',
  mpeg: 'audio/mpeg',
  wav: 'audio/wav',
};

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

/** Which audio container the bytes are, by their magic bytes; undefined when they are not audio we play. */
export function audioKind(bytes: Uint8Array): AudioKind | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  if (ascii(bytes, 0, 'OggS')) return 'ogg';
  if (ascii(bytes, 4, 'ftyp')) return 'mp4';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return 'wav';
  if (ascii(bytes, 0, 'ID3')) return 'mpeg';
  // An MPEG audio frame without tags: 11 sync bits, then a layer that is not "reserved".
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0) return 'mpeg';
  return undefined;
}

/**
 * The seconds a recording lasts, where its bytes say it: a WAV's data size over its byte rate.
 * Undefined for the compressed containers, whose length the recorder sends along (a browser's
 * MediaRecorder writes WebM without a duration).
 */
export function audioSecondsFromBytes(kind: AudioKind, bytes: Uint8Array): number | undefined {
  if (kind !== 'wav' || bytes.length < 44) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let byteRate = 0;
  // Chunks after "WAVE": find "fmt " for the byte rate and "data" for the size of the sound.
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = view.getUint32(at + 4, true);
    if (ascii(bytes, at, 'fmt ') && at + 16 <= bytes.length) byteRate = view.getUint32(at + 16, true);
    if (ascii(bytes, at, 'data')) return byteRate > 0 ? size / byteRate : undefined;
    at += 8 + size + (size % 2);
  }
  return undefined;
}

export type StoryCheck =
  | { ok: true; kind?: AudioKind; seconds?: number }
  | { ok: false; problem: 'empty' | 'textTooLong' | 'notAudio' | 'tooLarge' | 'tooLong' };

/**
 * Whether a story may be kept: something told (text or audio), a text within its length, audio
 * that is audio, not too large and at most five minutes (by its bytes, or as the recorder said).
 */
export function checkStory(input: { text?: string; audio?: Uint8Array; declaredSeconds?: number }): StoryCheck {
  const text = input.text?.trim() ?? '';
  if (!text && !input.audio?.length) return { ok: false, problem: 'empty' };
  if (text.length > STORY_LIMITS.textChars) return { ok: false, problem: 'textTooLong' };
  if (!input.audio?.length) return { ok: true };
  if (input.audio.length > STORY_LIMITS.bytes) return { ok: false, problem: 'tooLarge' };
  const kind = audioKind(input.audio);
  if (!kind) return { ok: false, problem: 'notAudio' };
  const measured = audioSecondsFromBytes(kind, input.audio);
  const seconds = Math.max(measured ?? 0, input.declaredSeconds ?? 0);
  // One second's grace: a recorder stopped at 5:00 writes a few milliseconds more.
  if (seconds > STORY_LIMITS.seconds + 1) return { ok: false, problem: 'tooLong' };
  return { ok: true, kind, ...(seconds > 0 ? { seconds: Math.round(seconds) } : {}) };
}
