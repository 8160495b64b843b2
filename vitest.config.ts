import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web', 'apps/edge'],
    // Two cores: two test files at a time (each server file holds its own database).
    maxWorkers: 2,
  },
});
