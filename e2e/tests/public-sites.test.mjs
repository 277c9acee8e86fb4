// End-to-end: the public sites, on a server and a browser of their own.
import { after, before } from 'node:test';
import { startServer } from '../support/server.mjs';
import { launchBrowser } from '../support/browser.mjs';
import { publicSitesSuite } from '../suites/public-sites.mjs';

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

publicSitesSuite(context);
