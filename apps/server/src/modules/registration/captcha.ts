import { createHmac, randomBytes } from 'node:crypto';
import type { CaptchaChallenge, CaptchaPayload } from '@kerf/contracts';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Transactions } from '../../db/transactions';
import { isCaptchaSpent, spendCaptcha } from './captcha.repository';

/** How long a challenge may be solved and used. */
const CHALLENGE_TTL_SECONDS = 20 * 60;
const ALGORITHM = 'SHA-256';

export interface Captcha {
  challenge(): Promise<CaptchaChallenge>;
  /** Whether the payload solves a challenge of ours that has not expired nor been used. */
  verify(payload: CaptchaPayload): Promise<boolean>;
  /** Verifies and uses the payload up: the same solution is refused the next time. */
  redeem(payload: CaptchaPayload): Promise<boolean>;
}

/**
 * ALTCHA proof of work (self-hosted, altcha-lib v2, deterministic mode): the server signs a challenge
 * whose answer is a counter between `maxCounter / 10` and `maxCounter`; the browser finds it by
 * hashing (about a second at the default size), the server checks the signature, the expiry and the
 * derived key. Used solutions are stored in the database (`spent_captchas`) until their challenge
 * expires, so one solution sends one form, whichever instance it reaches. The secret derives from
 * JWT_SECRET (the same on every instance) or is made per process.
 */
export function createCaptcha(options: {
  secret?: string;
  maxCounter: number;
  transactions: Transactions;
}): Captcha {
  const { transactions } = options;
  const base = options.secret ?? randomBytes(32).toString('hex');
  const hmacSignatureSecret = createHmac('sha256', base).update('kerf-captcha-challenge').digest('hex');
  const hmacKeySignatureSecret = createHmac('sha256', base).update('kerf-captcha-key').digest('hex');
  /** The solution is right, signed by us and not expired (whether it is spent is asked apart). */
  async function solves(payload: CaptchaPayload) {
    if (payload.challenge.parameters.algorithm !== ALGORITHM) return false;
    if (!payload.challenge.signature || !payload.challenge.parameters.expiresAt) return false;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return result.verified;
    } catch {
      return false;
    }
  }

  return {
    async challenge() {
      const max = options.maxCounter;
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        counter: randomInt(Math.max(1, Math.floor(max / 10)), max),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
      });
      return challenge as CaptchaChallenge;
    },
    async verify(payload) {
      if (!(await solves(payload))) return false;
      const signature = payload.challenge.signature!;
      return !(await transactions.withSignIn((tx) => isCaptchaSpent(tx, signature)));
    },
    async redeem(payload) {
      if (!(await solves(payload))) return false;
      const signature = payload.challenge.signature!;
      const expiresAt = new Date(payload.challenge.parameters.expiresAt! * 1000);
      return transactions.withSignIn((tx) => spendCaptcha(tx, signature, expiresAt));
    },
  };
}
