import { defineConfig } from 'vitest/config';

/**
 * The chaos suite (issue 4): private PostgreSQL 15 and Mosquitto instances, the server and the
 * edge agents as real processes, faults injected while ≥ 10,000 simulated cuts flow. Run with
 * `npm run test:chaos -w @kerf/server` (needs root for `runuser -u postgres`); about 5 minutes.
 */
export default defineConfig({
  test: {
    name: 'chaos',
    include: ['test/chaos/**/*.chaos.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
  },
});
