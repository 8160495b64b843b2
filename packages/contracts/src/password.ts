import { z } from 'zod';
import { hasControlCharacter, hasLoneSurrogate, secret } from './text';

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are accepted in full; the cap only bounds hashing work. */
export const PASSWORD_MAX_LENGTH = 256;

const codePoints = (value: string) => [...value].length;

/**
 * product.md §5: at least 8 characters with a lowercase letter, an uppercase letter, a digit and a special
 * character. Letters and digits are judged by Unicode category, so "Ä" counts as uppercase and any
 * character that is neither letter nor digit (space included) counts as special. Lengths count code
 * points. Like every secret it is kept exactly as typed, but control characters and broken Unicode
 * are refused. The server also rejects common passwords (`PASSWORD_TOO_COMMON`).
 */
export const PasswordSchema = secret(
  z
    .string()
    .max(PASSWORD_MAX_LENGTH * 2)
    .superRefine((value, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (hasLoneSurrogate(value)) fail('INVALID_UNICODE');
      if (hasControlCharacter(value)) fail('CONTROL_CHARACTERS');
      if (codePoints(value) < PASSWORD_MIN_LENGTH) fail('PASSWORD_TOO_SHORT');
      if (codePoints(value) > PASSWORD_MAX_LENGTH) fail('TOO_LONG');
      if (!/\p{Ll}/u.test(value)) fail('PASSWORD_NEEDS_LOWERCASE');
      if (!/\p{Lu}/u.test(value)) fail('PASSWORD_NEEDS_UPPERCASE');
      if (!/\p{Nd}/u.test(value)) fail('PASSWORD_NEEDS_DIGIT');
      if (!/[^\p{L}\p{N}]/u.test(value)) fail('PASSWORD_NEEDS_SPECIAL');
    })
    .meta({
      description:
        'At least 8 characters with a lowercase letter, an uppercase letter, a digit and a special character.',
    }),
);

/** The product.md §5 rules one by one, for a form that shows all of them while the password is typed. */
export function passwordRules(value: string) {
  return {
    length: codePoints(value) >= PASSWORD_MIN_LENGTH,
    lowercase: /\p{Ll}/u.test(value),
    uppercase: /\p{Lu}/u.test(value),
    digit: /\p{Nd}/u.test(value),
    special: /[^\p{L}\p{N}]/u.test(value),
  };
}
export type PasswordRule = keyof ReturnType<typeof passwordRules>;
