import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@olympiad/shared': fileURLToPath(new URL('./apps/shared/src', import.meta.url)) },
  },
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'jsdom',
    include: ['apps/*/src/**/*.test.{ts,tsx}', 'apps/shared/scripts/**/*.test.{ts,mjs}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 15_000,
    reporters: ['default'],
  },
});
