// End-to-end: the three built apps, served by the real `olympiad` binary on a fresh database, in
// Debian's Chromium. One server and one browser for all suites.
import { after, before } from 'node:test';
import { startServer } from '../support/server.mjs';
import { launchBrowser } from '../support/browser.mjs';
import { signInSuite } from '../suites/sign-in.mjs';
import { guardSuite } from '../suites/guard.mjs';
import { accessibilitySuite } from '../suites/accessibility.mjs';
import { usersGridSuite } from '../suites/users-grid.mjs';
import { overlordSuite } from '../suites/overlord.mjs';
import { firstLoadSuite } from '../suites/first-load.mjs';
import { paperModulesSuite, paperSuite } from '../suites/paper.mjs';
import { schoolsSuite } from '../suites/schools.mjs';
import { sittingSuite } from '../suites/sitting.mjs';
import { paymentsSuite } from '../suites/payments.mjs';
import { resultsSuite } from '../suites/results.mjs';
import { emailSuite } from '../suites/email.mjs';
import { privacySuite } from '../suites/privacy.mjs';
import { everyScreenSuite } from '../suites/every-screen.mjs';

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
  learners: () => server.learners,
};

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  console.log(`# olympiad ${server.binary} at ${server.baseUrl}`);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

signInSuite(context);
guardSuite(context);
accessibilitySuite(context);
usersGridSuite(context);
overlordSuite(context);
firstLoadSuite(context);
schoolsSuite(context);
paymentsSuite(context);
emailSuite(context);
// These close and open the geography olympiad and add to its paper.
paperSuite(context);
paperModulesSuite(context);
// Last: it puts a small paper of its own in place and sets the sitting's duration.
sittingSuite(context);
// After the sitting: its learners' results are moderated, released and certified.
resultsSuite(context);
// Last of all: it erases a demo learner.
privacySuite(context);
// Last: every screen of the matrix, with what the suites above have made.
everyScreenSuite(context);
