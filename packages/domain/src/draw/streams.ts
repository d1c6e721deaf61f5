/**
 * Seed and random streams of `estate-draw/1` (distribution.md, "Randomness"). Every random choice
 * in a draw comes from here, so anyone holding the revealed secret can replay it.
 */
import { sha256, utf8 } from './sha256.js';

const FORMAT = utf8('estate-draw/1');
const ZERO = new Uint8Array([0]);
const TWO_32 = 0x1_0000_0000;

export interface SeedParams {
  /** The revealed secret (32 bytes for steps 21 and 31; may be empty for 14 and 15). */
  secret: Uint8Array;
  step: number;
  /** The raw 32 bytes of the input hash. */
  inputHash: Uint8Array;
  publicEntropy: string;
}

/** seed = SHA-256("estate-draw/1" ‖ 0 ‖ secret ‖ 0 ‖ "<step>" ‖ 0 ‖ inputHash ‖ 0 ‖ publicEntropy) */
export function deriveSeed({ secret, step, inputHash, publicEntropy }: SeedParams): Uint8Array {
  return sha256(FORMAT, ZERO, secret, ZERO, utf8(String(step)), ZERO, inputHash, ZERO, utf8(publicEntropy));
}

export interface DrawStream {
  /** The next 4 bytes of the stream as a big-endian unsigned integer. */
  next32(): number;
  /** A uniform integer in [0, n) by rejection sampling; n = 1 reads nothing. */
  randomInt(n: number): number;
  /** Fisher–Yates from the end, as the spec writes it; returns a shuffled copy. */
  shuffle<T>(list: readonly T[]): T[];
}

/** Stream L: SHA-256(seed ‖ L ‖ 0 ‖ uint32be(0)) ‖ SHA-256(seed ‖ L ‖ 0 ‖ uint32be(1)) ‖ … */
export function createStream(seed: Uint8Array, label: string): DrawStream {
  return new Stream(seed, label);
}

// A class rather than closures: step 31 opens one stream per tied item.
class Stream implements DrawStream {
  /** seed ‖ L ‖ 0 ‖ counter; only the last 4 bytes change from block to block. */
  private readonly message: Uint8Array;
  private readonly counterView: DataView;
  private counter = 0;
  private block: Uint8Array = new Uint8Array(0);
  private view: DataView | undefined;
  private offset = 0;

  constructor(seed: Uint8Array, label: string) {
    const labelBytes = utf8(label);
    this.message = new Uint8Array(seed.length + labelBytes.length + 5);
    this.message.set(seed, 0);
    this.message.set(labelBytes, seed.length);
    this.counterView = new DataView(this.message.buffer, this.message.length - 4, 4);
  }

  next32(): number {
    // Blocks are 32 bytes, a multiple of 4, so a word never straddles two blocks.
    if (this.view === undefined || this.offset >= this.block.length) {
      if (this.counter >= TWO_32) throw new Error('draw stream exhausted');
      this.counterView.setUint32(0, this.counter);
      this.counter += 1;
      this.block = sha256(this.message);
      this.view = new DataView(this.block.buffer, this.block.byteOffset, this.block.byteLength);
      this.offset = 0;
    }
    const word = this.view.getUint32(this.offset);
    this.offset += 4;
    return word;
  }

  randomInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32)
      throw new RangeError(`randomInt needs 1 ≤ n ≤ 2^32, got ${n}`);
    if (n === 1) return 0;
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const x = this.next32();
      if (x < limit) return x % n;
    }
  }

  shuffle<T>(list: readonly T[]): T[] {
    const out = list.slice();
    for (let i = out.length - 1; i >= 1; i--) {
      const j = this.randomInt(i + 1);
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }
}
