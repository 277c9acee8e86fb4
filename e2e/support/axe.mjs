// axe-core, run in the page: its violations as lines a person can read. It is evaluated through the
// browser's debugging protocol, not added as a <script>: the pages' policy refuses inline scripts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules of WCAG 2.2 at level AA, the level the platform promises on every screen. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's violations on the page as it is now: all its rules, or only those of `tags`. */
export async function axeViolations(page, { tags } = {}) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  return page.evaluate(async (only) => {
    const options = { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'tag', values: only } } : {}) };
    const results = await window.axe.run(document, options);
    return results.violations.map((v) => {
      const nodes = v.nodes.map((n) => {
        // A contrast failure says which colours, so that the theme's token at fault can be found.
        const contrast = n.any.find((check) => check.data?.contrastRatio)?.data;
        const colours = contrast ? ` [${contrast.fgColor} on ${contrast.bgColor}, ${contrast.contrastRatio}:1]` : '';
        return n.target.join(' ') + colours;
      });
      return `${v.id} (${v.impact}): ${v.help} — ${nodes.join(', ')}`;
    });
  }, tags ?? null);
}

// Every screen a browser test opens is checked against WCAG 2.2 AA, once per run: a screen (an address,
// with numbers and ids standing for any id, and the dialog open on it, if any) is checked the first time
// the test has waited for something on it, acts on it, or leaves it for another address, and at the end
// of the test. So a new screen or dialog, or a new state of a shared component, cannot bring a violation
// back unnoticed.

/** Screens already checked in this run. */
const checkedScreens = new Set();
/** Pages whose screens are checked, with their requests in flight. */
const watched = new WeakMap();

/** The path an address shows, with each number or id standing for any; null off the web. */
export function pathOf(url) {
  const { protocol, pathname } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return null;
  return pathname.replace(/\/(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?=\/|$)/gi, '/:id');
}

/** The screen the page shows: its path, and the modal dialog open over it (by its name, numbers as n). */
async function screenOf(page) {
  const path = pathOf(page.url());
  if (!path) return null;
  const dialog = await page
    .evaluate(() => {
      const open = [...document.querySelectorAll('[role="dialog"][aria-modal="true"], [role="alertdialog"]')].at(-1);
      if (!open) return null;
      const title = open.getAttribute('aria-labelledby');
      return (title ? document.getElementById(title)?.textContent : open.getAttribute('aria-label')) ?? '';
    })
    .catch(() => null);
  return dialog === null ? path : `${path} with the dialog “${dialog.replace(/\d+/g, 'n').trim()}”`;
}

/** Waits, a little at most, until no request has been in flight for a moment and no transition runs. */
async function settle(page, inFlight) {
  const deadline = Date.now() + 3_000;
  let quietSince = inFlight.size === 0 ? Date.now() : null;
  while (Date.now() < deadline) {
    if (inFlight.size > 0) quietSince = null;
    else if (quietSince === null) quietSince = Date.now();
    else if (Date.now() - quietSince >= 250) break;
    await new Promise((done) => setTimeout(done, 50));
  }
  // Fades and slides: axe would read a half-drawn colour. Endless ones (a spinner) are left running.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'), null, {
      timeout: 2_000,
    })
    .catch(() => {});
}

/** Checks the page's screen if it has not been checked in this run; throws on a WCAG 2.2 AA violation. */
export async function checkScreen(page) {
  const state = watched.get(page);
  if (!state || state.checking || page.isClosed()) return;
  state.checking = true;
  try {
    const screen = await screenOf(page);
    if (!screen || checkedScreens.has(screen)) return;
    await settle(page, state.inFlight);
    // The page may have moved on while it settled: the check is for the screen it shows now.
    const now = await screenOf(page);
    if (!now || checkedScreens.has(now)) return;
    let violations;
    try {
      violations = await axeViolations(page, { tags: WCAG_22_AA });
    } catch (error) {
      // A navigation replaced the document under axe: the next step checks the new one.
      if (/context was destroyed|navigation|Target .*closed/i.test(String(error?.message))) return;
      throw error;
    }
    checkedScreens.add(now);
    if (violations.length > 0) {
      throw new Error(`axe finds WCAG 2.2 AA violations on ${now} (${page.url()}):\n${violations.join('\n')}`);
    }
  } finally {
    state.checking = false;
  }
}

/** Locator methods after which the screen is as the test expects it. */
const AFTER = ['waitFor'];
/** Locator methods that act on the screen and may leave it: the screen is checked before them. */
const BEFORE = ['check', 'uncheck', 'setChecked', 'click', 'dblclick', 'tap', 'fill', 'clear', 'press', 'pressSequentially', 'type', 'selectOption', 'setInputFiles', 'dragTo', 'hover'];

let locatorsHooked = false;

function hookLocators(page) {
  if (locatorsHooked) return;
  locatorsHooked = true;
  const prototype = Object.getPrototypeOf(page.locator('html'));
  for (const name of AFTER) {
    const original = prototype[name];
    prototype[name] = async function (...args) {
      const result = await original.apply(this, args);
      await checkScreen(this.page());
      return result;
    };
  }
  for (const name of BEFORE) {
    const original = prototype[name];
    prototype[name] = async function (...args) {
      await checkScreen(this.page());
      return original.apply(this, args);
    };
  }
}

/** Checks every screen `page` shows (see above); `page.goto` checks the screen it leaves. */
export function watchScreens(page) {
  hookLocators(page);
  const inFlight = new Set();
  watched.set(page, { inFlight, checking: false });
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    await checkScreen(page);
    return goto(...args);
  };
}
