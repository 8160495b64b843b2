import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config';

/** The configured signing secret; in embedded demo mode only, one generated per data directory. */
export async function jwtSecretFor(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  // Embedded demo mode only (config refuses a missing secret otherwise): one secret per data directory.
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomUUID() + randomUUID();
  await writeFile(file, secret, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
