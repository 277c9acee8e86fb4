// axe-core, injected into the page, reports no violations on the sign-in pages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onPage } from '../support/browser.mjs';
import { axeViolations } from '../support/axe.mjs';

export function accessibilitySuite(context) {
  describe('accessibility', () => {
    for (const path of ['/login', '/geography/login']) {
      it(
        `axe finds no violations on ${path}`,
        onPage(context.browser, async (page) => {
          await page.goto(`${context.baseUrl}${path}`);
          await page.getByRole('heading', { name: 'Sign in' }).waitFor();
          await page.waitForLoadState('networkidle');
          assert.deepEqual(await axeViolations(page), []);
        }),
      );
    }
  });
}
