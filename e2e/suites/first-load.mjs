// The first load of a page downloads exactly the scripts `npm run size` counts: the app's entry, the
// page's layout and its screen. The learner area so stays free of the UI kit and of admin code.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onPage } from '../support/browser.mjs';
import { LEARNER } from '../support/server.mjs';
import { firstLoadFiles } from '../../apps/shared/scripts/size.mjs';

async function scriptsLoaded(page, url) {
  const scripts = new Set();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/static/') && path.endsWith('.js')) scripts.add(path.split('/').pop());
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  return [...scripts].sort();
}

export function firstLoadSuite(context) {
  describe('first load', () => {
    it(
      'of /login downloads what the size report counts',
      onPage(context.browser, async (page) => {
        const loaded = await scriptsLoaded(page, `${context.baseUrl}/login`);
        assert.deepEqual(loaded, [...firstLoadFiles('/login').files].sort());
      }),
    );

    it(
      'of the learner instructions downloads what the size report counts, and no UI kit',
      onPage(context.browser, async (page) => {
        // A real session: the screen asks the server where the learner is.
        const response = await fetch(`${context.baseUrl}/api/auth/signin`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: LEARNER.username, password: LEARNER.password, olympiadName: LEARNER.olympiad, loginType: 'learner' }),
        });
        const { data } = await response.json();
        await page.goto(`${context.baseUrl}/login`);
        await page.evaluate((user) => window.localStorage.setItem('user', JSON.stringify(user)), { ...data.user, accessToken: data.token });
        await page.goto('about:blank');
        const loaded = await scriptsLoaded(page, `${context.baseUrl}/geography/olympiad/instructions`);
        assert.deepEqual(loaded, [...firstLoadFiles('/geography/olympiad/instructions').files].sort());
        const css = await page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.href ?? '').join(' '));
        assert.doesNotMatch(css, /layout-(admin|portal|overlord|public)/);
        assert.equal(await page.evaluate(() => document.querySelector('[class*="mantine-"]')), null);
      }),
    );
  });
}
