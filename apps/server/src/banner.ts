import { resolve } from 'node:path';
import type { Config } from './config';

export interface BannerTenant {
  slug: string;
  name: string;
  users: { username: string }[];
}

/** The database URL without its password: the banner may end up in a screenshot. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

/**
 * What a person at a terminal needs once the server listens: where to go, how to sign in to the
 * demo, where the data lives and how to stop. Printed on a terminal only; logs stay logs.
 */
export function readyBanner(
  config: Config,
  ports: { http: number; mqtt: number | null },
  demo: { tenants: BannerTenant[]; password: string } | null,
): string {
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
  const lines = ['', `  Kerf is ready: http://${host}:${ports.http}`, ''];
  if (demo) {
    lines.push(`  Demo sign-in (organisation / user), password ${demo.password}:`);
    const width = Math.max(...demo.tenants.map((tenant) => tenant.slug.length));
    for (const tenant of demo.tenants) {
      const users = tenant.users.map((user) => user.username).join(', ');
      lines.push(`    ${tenant.slug.padEnd(width)}  ${users}  (${tenant.name})`);
    }
    lines.push('');
  }
  const data = config.databaseUrl
    ? `PostgreSQL ${withoutPassword(config.databaseUrl)}`
    : `${resolve(config.dataDir)} (embedded database; delete the folder to start afresh)`;
  lines.push(`  Data:  ${data}`);
  const broker = ports.mqtt !== null ? `built-in broker on port ${ports.mqtt}` : 'external broker (MQTT_URL)';
  lines.push(`  MQTT:  ${broker}`);
  lines.push('  Stop:  Ctrl-C (or SIGTERM); the demo machines stop with it', '');
  return lines.join('\n');
}
