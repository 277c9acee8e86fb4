// Debian's Chromium, driven by playwright-core (no browser download).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { artifactsDir } from './server.mjs';
import { checkScreen, watchScreens } from './axe.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Collects what the page's Content-Security-Policy refused: a screen that needs an inline script, a
 * stylesheet or a picture from elsewhere fails its test. zod's probe for `new Function` (it falls back
 * to plain parsing) is the one refusal that is expected.
 */
function watchPolicy(page, refusals) {
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && text.includes('Content Security Policy') && !text.includes("'unsafe-eval'")) {
      refusals.push(`${page.url()}: ${text}`);
    }
  });
}

function assertNoRefusals(refusals) {
  if (refusals.length > 0) throw new Error(`the Content-Security-Policy refused:\n${refusals.join('\n')}`);
}

/**
 * What a failure needs to be understood from CI's output alone, where screenshots are not kept: each
 * page's address and the alerts it shows, and the server's last requests (with their statuses) and
 * every warning or error it logged.
 */
async function explained(error, pages) {
  const lines = [];
  for (const [index, page] of pages.entries()) {
    const alerts = await page
      .locator('[role=alert]')
      .allTextContents()
      .catch(() => []);
    const shown = alerts.map((text) => text.trim()).filter(Boolean);
    lines.push(`device ${index + 1} at ${page.url()}${shown.length > 0 ? `, alerts: ${shown.join(' | ')}` : ''}`);
  }
  const log = join(artifactsDir, 'server.log');
  if (existsSync(log)) {
    const logged = readFileSync(log, 'utf8').split('\n');
    const requests = logged.filter((line) => line.includes(' /api/')).slice(-15);
    const warnings = logged.filter((line) => / (WARN|ERROR) /.test(line)).slice(-10);
    lines.push('the server\'s last API requests:', ...requests, 'its last warnings and errors:', ...(warnings.length > 0 ? warnings : ['none']));
  }
  return new Error(`${error.message}\n${lines.join('\n')}`, { cause: error });
}

const slug = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);

/**
 * Runs a test body on a fresh page (its own cookies and local storage); on failure, saves a screenshot
 * to e2e/artifacts/<test name>.png before passing the failure on. axe checks each screen the page opens
 * against WCAG 2.2 AA (support/axe.mjs).
 */
export function onPage(getBrowser, body) {
  return async (t) => {
    const context = await getBrowser().newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const refusals = [];
    watchPolicy(page, refusals);
    watchScreens(page);
    try {
      await body(page);
      await checkScreen(page);
      assertNoRefusals(refusals);
    } catch (error) {
      mkdirSync(artifactsDir, { recursive: true });
      const file = join(artifactsDir, `${slug(t.fullName ?? t.name)}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      throw await explained(error, [page]);
    } finally {
      await context.close();
    }
  };
}

/** A phone's screen, as learners have them. */
export const PHONE = { width: 360, height: 640 };

/**
 * Runs a test body that uses several devices (each its own cookies and local storage): the body gets
 * `device(viewport)`, which opens a page on a new one. On failure each device's screen is saved. axe
 * checks each screen the devices open, as onPage does.
 */
export function onDevices(getBrowser, body) {
  return async (t) => {
    const devices = [];
    const refusals = [];
    const device = async (viewport = PHONE) => {
      const context = await getBrowser().newContext({ viewport });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      watchPolicy(page, refusals);
      watchScreens(page);
      devices.push({ context, page });
      return page;
    };
    try {
      await body(device);
      for (const { page } of devices) await checkScreen(page);
      assertNoRefusals(refusals);
    } catch (error) {
      mkdirSync(artifactsDir, { recursive: true });
      for (const [index, { page }] of devices.entries()) {
        const file = join(artifactsDir, `${slug(t.fullName ?? t.name)}-${index + 1}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      }
      throw await explained(
        error,
        devices.map(({ page }) => page),
      );
    } finally {
      for (const { context } of devices) await context.close();
    }
  };
}
