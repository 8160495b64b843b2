import type { FieldErrorCode } from '@kerf/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

/** ~49,000 of the most common passwords, lower-cased (the list zxcvbn ships). */
const COMMON = new Set<string>(dictionary['passwords-common'] as string[]);

/**
 * Checks beyond the spec's composition rule (which the contract enforces): a password is refused
 * when it is a common password, or one with digits and symbols merely wrapped around it
 * ("Sunshine2024!"), or when it contains the username.
 */
export function passwordProblem(password: string, context: { username: string }): FieldErrorCode | null {
  const lower = password.normalize('NFKC').toLowerCase();
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (COMMON.has(lower) || (core.length > 0 && COMMON.has(core))) return 'PASSWORD_TOO_COMMON';
  const username = context.username.toLowerCase();
  if (username.length >= 3 && lower.includes(username)) return 'PASSWORD_CONTAINS_CONTEXT';
  return null;
}
