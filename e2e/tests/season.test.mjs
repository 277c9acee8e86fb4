// A season, walked: one olympiad's whole season through the screens, each step as the person who does
// it and in the order it happens, on the demo's data and a school of its own that enters this season
// (suites/season/). One server and one browser; a step that fails names itself.
import { after, before, describe } from 'node:test';
import { startServer } from '../support/server.mjs';
import { launchBrowser } from '../support/browser.mjs';
import { entrySteps } from '../suites/season/entry.mjs';
import { paymentSteps } from '../suites/season/payment.mjs';
import { sittingSteps } from '../suites/season/sitting.mjs';
import { resultsSteps } from '../suites/season/results.mjs';

let server;
let browser;

const context = {
  get baseUrl() {
    return server.baseUrl;
  },
  get dataDir() {
    return server.dataDir;
  },
  browser: () => browser,
};

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a season, walked', () => {
  entrySteps(context);
  paymentSteps(context);
  sittingSteps(context);
  resultsSteps(context);
});
