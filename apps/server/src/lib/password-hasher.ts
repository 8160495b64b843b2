import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, so not importable as a value). */
const ARGON2ID = 2;

/** argon2id with OWASP's minimum parameters (m = 19 MiB, t = 2, p = 1). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Verifies against a stored hash, or against a dummy hash when there is none, so unknown users cost the same. */
  verify(storedHash: string | null, password: string): Promise<boolean>;
}

export async function createPasswordHasher(): Promise<PasswordHasher> {
  const dummy = await hash('kerf-dummy-password-for-timing', OPTIONS);
  return {
    hash: (password) => hash(password, OPTIONS),
    async verify(storedHash, password) {
      try {
        const ok = await verify(storedHash ?? dummy, password);
        return storedHash !== null && ok;
      } catch {
        return false;
      }
    },
  };
}
