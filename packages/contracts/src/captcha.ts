import { z } from 'zod';
import { identifier } from './text';

// ---------------------------------------------------------------------------------------------
// Captcha: ALTCHA proof of work (self-hosted), verified on the server

const hex = (max: number) =>
  identifier(
    z
      .string()
      .max(max)
      .regex(/^[0-9a-fA-F]*$/),
  );

export const CaptchaChallengeSchema = z
  .object({
    parameters: z.object({
      algorithm: identifier(z.enum(['SHA-256', 'SHA-384', 'SHA-512'])),
      nonce: hex(128),
      salt: hex(128),
      cost: z.number().int().min(1).max(100),
      keyLength: z.number().int().min(1).max(64),
      keyPrefix: hex(128),
      keySignature: hex(256).optional(),
      expiresAt: z.number().int().optional(),
    }),
    signature: hex(256).optional(),
  })
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

/** A solved challenge as the browser sends it back. */
export const CaptchaPayloadSchema = z
  .strictObject({
    challenge: CaptchaChallengeSchema,
    solution: z.strictObject({
      counter: z
        .number()
        .int()
        .min(0)
        .max(2 ** 32 - 1),
      derivedKey: hex(128),
      time: z.number().min(0).max(3_600_000).optional(),
    }),
  })
  .meta({ id: 'CaptchaPayload' });
export type CaptchaPayload = z.infer<typeof CaptchaPayloadSchema>;
