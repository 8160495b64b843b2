import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file gets its own database (worker count: root vitest.config.ts).
    pool: 'forks',
    // A worker imports the module graph once and runs file after file in it (ADR 0027): each file
    // still opens its own database and builds its own app.
    isolate: false,
  },
});
