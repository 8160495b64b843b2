import { describe, expect, it } from 'vitest';
import { readyBanner } from './banner';
import { parseConfig } from './config';
import { DEMO_PASSWORD, DEMO_TENANTS } from './demo/index';

describe('the ready banner', () => {
  it('names the address, every demo sign-in, the data directory and how to stop', () => {
    const config = parseConfig({ PORT: '8080', DATA_DIR: '/srv/kerf-data' });
    const banner = readyBanner(
      config,
      { http: 8080, mqtt: 18830 },
      { tenants: DEMO_TENANTS, password: DEMO_PASSWORD },
    );
    expect(banner).toContain('http://localhost:8080');
    expect(banner).toContain(DEMO_PASSWORD);
    for (const tenant of DEMO_TENANTS) {
      const line = banner.split('\n').find((text) => text.trim().startsWith(`${tenant.slug} `));
      expect(line, tenant.slug).toBeDefined();
      for (const user of tenant.users) expect(line).toContain(user.username);
    }
    expect(banner).toContain('/srv/kerf-data');
    expect(banner).toContain('port 18830');
    expect(banner).toMatch(/Stop: +Ctrl-C/);
  });

  it('shows a database URL without its password, and no demo sign-ins outside demo mode', () => {
    const config = parseConfig({
      DATABASE_URL: 'postgres://kerf:s3cret-pass@db.internal:5432/kerf',
      JWT_SECRET: 'x'.repeat(40),
      HOST: '0.0.0.0',
    });
    const banner = readyBanner(config, { http: 9000, mqtt: null }, null);
    expect(banner).toContain('http://localhost:9000');
    expect(banner).toContain('db.internal:5432/kerf');
    expect(banner).not.toContain('s3cret-pass');
    expect(banner).not.toContain('Demo sign-in');
    expect(banner).toContain('external broker');
  });
});

describe('LOG_FORMAT', () => {
  it('is readable on a terminal and JSON elsewhere, unless set', () => {
    expect(parseConfig({}, true).logFormat).toBe('pretty');
    expect(parseConfig({}, false).logFormat).toBe('json');
    expect(parseConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(parseConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => parseConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
