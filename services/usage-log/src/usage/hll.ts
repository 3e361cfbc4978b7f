/**
 * HyperLogLog for distinct users (docs/design/usage.md "Distinct users"): precision 14, so 16,384
 * one-byte registers (16 KiB a sketch, far less once PostgreSQL compresses a sparse one), a
 * relative standard error of 1.04 / √16384 ≈ 0.81 %. A 64-bit hash (the first 8 bytes of MD5 of
 * the user key); no large-range correction is needed at 64 bits, and small counts use linear
 * counting, which is exact to within a user or two below a few thousand.
 *
 * Week and month counts merge the day sketches register by register (max): a union, never a sum.
 */
import { createHash } from 'node:crypto';

export const HLL_PRECISION = 14;
export const HLL_REGISTERS = 1 << HLL_PRECISION;
/** The relative standard error the dashboards state. */
export const HLL_RELATIVE_ERROR = 1.04 / Math.sqrt(HLL_REGISTERS);

export function emptySketch(): Uint8Array {
  return new Uint8Array(HLL_REGISTERS);
}

/** Adds a user key to the sketch; true when a register changed. */
export function hllAdd(sketch: Uint8Array, key: string): boolean {
  const d = createHash('md5').update(key).digest();
  const h1 = d.readUInt32BE(0);
  const h2 = d.readUInt32BE(4);
  const index = h1 >>> (32 - HLL_PRECISION);
  const low = h1 & ((1 << (32 - HLL_PRECISION)) - 1);
  const rank = low !== 0 ? Math.clz32(low) - HLL_PRECISION + 1 : h2 !== 0 ? 32 - HLL_PRECISION + Math.clz32(h2) + 1 : 64 - HLL_PRECISION + 1;
  if (sketch[index]! >= rank) return false;
  sketch[index] = rank;
  return true;
}

/** Merges `from` into `into` (register-wise max): the union of the two sets. */
export function hllMerge(into: Uint8Array, from: Uint8Array): Uint8Array {
  for (let i = 0; i < HLL_REGISTERS; i++) if (from[i]! > into[i]!) into[i] = from[i]!;
  return into;
}

/** The estimated number of distinct keys. */
export function hllCount(sketch: Uint8Array): number {
  const m = HLL_REGISTERS;
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < m; i++) {
    const r = sketch[i]!;
    sum += 2 ** -r;
    if (r === 0) zeros++;
  }
  const alpha = 0.7213 / (1 + 1.079 / m);
  const estimate = (alpha * m * m) / sum;
  if (estimate <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
  return Math.round(estimate);
}

/** A sketch from its stored bytes (a copy the caller may change). */
export function sketchFrom(bytes: Uint8Array | Buffer): Uint8Array {
  if (bytes.length !== HLL_REGISTERS) return emptySketch();
  return new Uint8Array(bytes);
}
