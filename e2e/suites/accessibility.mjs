// axe-core, injected into the page, reports no violations on the sign-in pages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { onPage } from '../support/browser.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function violations(page) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const results = await window.axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

export function accessibilitySuite(context) {
  describe('accessibility', () => {
    for (const path of ['/login', '/geography/login']) {
      it(
        `axe finds no violations on ${path}`,
        onPage(context.browser, async (page) => {
          await page.goto(`${context.baseUrl}${path}`);
          await page.getByRole('heading', { name: 'Sign in' }).waitFor();
          await page.waitForLoadState('networkidle');
          assert.deepEqual(await violations(page), []);
        }),
      );
    }
  });
}
