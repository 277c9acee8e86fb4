// What the season's steps share: the people and the school the story adds to the demo, what one step
// leaves for the next (a learner's sign-in, an order's reference), and the watch every step keeps on
// its pages: a script error, an error on the console or a server error (5xx) fails the step, as axe's
// violations do (support/axe.mjs, through support/browser.mjs).
import assert from 'node:assert/strict';
import { onDevices, onPage } from '../../support/browser.mjs';

/** The school that enters this season, and its teacher, who first hears of the olympiad on its site. */
export const SCHOOL = { name: 'Mthatha Ridge Secondary School', province: 'Eastern Cape', town: 'Mthatha' };
export const TEACHER = { firstName: 'Nomvula', lastName: 'Khumalo', email: 'nomvula.khumalo@ridge.example.org', password: 'Ridge-geography-2026' };

/**
 * The school's learners, as the teacher's spreadsheet has them: one surname misspelt (corrected on the
 * list afterwards), one who writes in Afrikaans.
 */
export const LEARNERS = {
  sibusiso: { firstName: 'Sibusiso', lastName: 'Mthembu', grade: 10, className: '10A', writesIn: 'English' },
  anneke: { firstName: 'Anneke', lastName: 'van der Merwe', grade: 11, className: '11B', writesIn: 'Afrikaans' },
  lwazi: { firstName: 'Lwazi', lastName: 'Ndlovuu', corrected: 'Ndlovu', grade: 9, className: '9C', writesIn: 'English' },
};

export const fullName = (learner) => `${learner.firstName} ${learner.corrected ?? learner.lastName}`;

/** What one step leaves for the next. */
export const season = {
  /** Each learner's sign-in, by key of LEARNERS, as the login slips print them: `{ username, password }`. */
  signIns: {},
  /** The school's order: its payment reference and total as Invoices shows them. */
  order: null,
};

/** Chromium's words for a request the page made while the device had no network. */
const OFFLINE = /net::ERR_INTERNET_DISCONNECTED|Failed to fetch|NetworkError/;

/**
 * Records what goes wrong on `page`: script errors, console errors (but zod's expected probe for
 * `new Function`, and failed requests while the device is offline on purpose) and server errors.
 */
function watchFaults(page, faults) {
  page.on('pageerror', (error) => faults.push(`script error on ${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.includes('Content Security Policy') && text.includes("'unsafe-eval'")) return;
    if (page.offline && OFFLINE.test(text)) return;
    faults.push(`console error on ${page.url()}: ${text}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) faults.push(`${response.status()} from ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
}

/**
 * Cuts or restores a device's network, marking the page so that the requests failing meanwhile are
 * expected (see watchFaults).
 */
export async function setOffline(page, offline) {
  page.offline = offline;
  await page.context().setOffline(offline);
}

/** A step on one page (onPage's desk-sized screen), failing on any fault watchFaults sees. */
export function onWatchedPage(getBrowser, body) {
  return onPage(getBrowser, async (page) => {
    const faults = [];
    watchFaults(page, faults);
    await body(page);
    assert.deepEqual(faults, [], 'no script error, console error or server error');
  });
}

/** A step on several devices (onDevices), failing on any fault watchFaults sees on any of them. */
export function onWatchedDevices(getBrowser, body) {
  return onDevices(getBrowser, async (device) => {
    const faults = [];
    await body(async (viewport) => {
      const page = await device(viewport);
      watchFaults(page, faults);
      return page;
    });
    assert.deepEqual(faults, [], 'no script error, console error or server error');
  });
}
