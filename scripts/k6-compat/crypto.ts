/** k6/crypto: the parts the journeys use (HMAC and digests, hex or base64 output). */
import { createHash, createHmac, randomBytes as nodeRandomBytes } from 'node:crypto';

type Encoding = 'hex' | 'base64' | 'base64url';
const ALGORITHMS: Record<string, string> = { md5: 'md5', sha1: 'sha1', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512' };

function algorithm(name: string): string {
  const a = ALGORITHMS[name.toLowerCase()];
  if (!a) throw new Error(`k6-compat: k6/crypto algorithm ${name} is not implemented`);
  return a;
}

export function hmac(name: string, secret: string | ArrayBuffer, data: string | ArrayBuffer, outputEncoding: Encoding): string {
  const key = typeof secret === 'string' ? secret : Buffer.from(secret);
  return createHmac(algorithm(name), key).update(typeof data === 'string' ? data : Buffer.from(data)).digest(outputEncoding);
}

const digest = (name: string) => (data: string | ArrayBuffer, outputEncoding: Encoding) =>
  createHash(algorithm(name)).update(typeof data === 'string' ? data : Buffer.from(data)).digest(outputEncoding);

export const md5 = digest('md5');
export const sha1 = digest('sha1');
export const sha256 = digest('sha256');
export const sha512 = digest('sha512');

export function randomBytes(size: number): ArrayBuffer {
  const b = nodeRandomBytes(size);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
}

export default { hmac, md5, sha1, sha256, sha512, randomBytes };
