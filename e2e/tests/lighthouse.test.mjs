// Lighthouse on each kind of public page, as a phone on mobile data sees it (Lighthouse's mobile
// emulation and simulated throttling), against the real `olympiad` binary serving the built apps, in
// Debian's Chromium. Each page must score at least 95 in performance, accessibility, best practices
// and SEO; the scores are printed. Nothing leaves the machine: Chromium's background networking is
// off, Lighthouse's error reporting is off, and the pages load nothing from elsewhere (their
// Content-Security-Policy says so).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../support/server.mjs';
import { CHROMIUM } from '../support/browser.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const MINIMUM = 95;
/**
 * Performance is simulated from what the page did on this machine, which the test shares with builds:
 * a page passes when one of this many runs scores the minimum in every category.
 */
const RUNS = 3;

/** Each kind of public page. */
const PAGES = [
  ['product suite home', '/olympiads/home'],
  ['project home', '/geography'],
  ['content page', '/geography/about'],
  ['FAQ', '/geography/faq'],
  ['interest form', '/geography/express-interest'],
  ['not-found', '/geography/no/such/page'],
];

/**
 * Audits that judge a page for being what it must be. The not-found page asks search engines not to
 * keep it (`noindex`), which `is-crawlable` counts against it: an address no page answers must not be
 * found.
 */
const SKIPPED = { 'not-found': ['is-crawlable'] };

let server;
let chrome;

before(async () => {
  server = await startServer();
  chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    logLevel: 'silent',
  });
});

after(async () => {
  chrome?.kill();
  await server?.stop();
});

describe('lighthouse', () => {
  for (const [kind, path] of PAGES) {
    it(`scores at least ${MINIMUM} on the ${kind} (${path})`, async () => {
      let reasons = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const result = await lighthouse(`${server.baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          enableErrorReporting: false,
          skipAudits: SKIPPED[kind] ?? null,
        });
        const { categories, audits } = result.lhr;
        const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id].score ?? 0) * 100)]));
        console.log(`lighthouse ${path} ${CATEGORIES.map((id) => `${id}=${scores[id]}`).join(' ')}${run > 1 ? ` (run ${run})` : ''}`);
        const low = CATEGORIES.filter((id) => scores[id] < MINIMUM);
        if (low.length === 0) return;
        // What cost the points: each failing audit of a low category, with its figure.
        reasons = low.flatMap((id) =>
          categories[id].auditRefs
            .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
            .map((ref) => `${id}: ${ref.id} ${audits[ref.id].score} ${audits[ref.id].displayValue ?? ''}`),
        );
      }
      assert.fail(`${path} scores under ${MINIMUM} in ${RUNS} runs:\n${reasons.join('\n')}`);
    });
  }
});
