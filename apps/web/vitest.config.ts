import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { catalogueParts } from './catalogue-parts.plugin';

/** Used alone (`vitest` in apps/web) and as the `web` project of the root test run. */
export default defineProject({
  root: import.meta.dirname,
  plugins: [react(), catalogueParts()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // A worker renders file after file in one jsdom (ADR 0027); test/setup.ts resets what a render
    // leaves behind (the DOM, storage, the document's language, the toast store).
    isolate: false,
    // jsdom renders of Mantine screens can take seconds on a busy two-core machine.
    testTimeout: 30_000,
  },
});
