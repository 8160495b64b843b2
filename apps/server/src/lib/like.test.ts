import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './like';

describe('LIKE patterns', () => {
  it('escapes the wildcards and the escape character, nothing else', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('Müller-Lüdenscheid')).toBe('Müller-Lüdenscheid');
    expect(escapeLike('')).toBe('');
  });

  it('wraps the escaped text for a match anywhere', () => {
    expect(containsPattern('a_b')).toBe('%a\\_b%');
  });
});
