import { createHash } from 'node:crypto';

/** SHA-256 of a text (UTF-8) or of bytes. */
export function sha256(value: string | Uint8Array): Buffer {
  return createHash('sha256').update(value).digest();
}

/** SHA-256 in lower-case hex: how stored secrets (API keys, machine credentials, links) are kept. */
export function sha256Hex(value: string | Uint8Array): string {
  return sha256(value).toString('hex');
}
