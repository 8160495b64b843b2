import { describe, expect, it } from 'vitest';
import { sha256, sha256Hex } from './hash';

describe('SHA-256', () => {
  it('matches the published test vector', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes text as UTF-8, the same as its bytes', () => {
    expect(sha256('Größe')).toEqual(sha256(Buffer.from('Größe', 'utf8')));
    expect(sha256('abc').toString('base64url')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });
});
