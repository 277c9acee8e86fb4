// The public sites in the browser: every page of the product's site and of a project's shows its copy,
// the contact and MyTutor forms send, the FAQs open, the portal's FAQ shows, and an admin's edit of a
// page (previewed, then published) shows on the page at once. axe checks each screen (support/browser).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onPage } from '../support/browser.mjs';
import { signIn } from '../support/sign-in.mjs';
import { signInAsAdmin } from '../support/olympiad-api.mjs';
import { DEMO_PASSWORD } from '../support/server.mjs';

/** Switches maintenance mode as the demo overlord (System Config). */
async function setMaintenance(baseUrl, on) {
  const signin = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'overlord@example.org', password: DEMO_PASSWORD, loginType: 'overlord' }),
  });
  const { data } = await signin.json();
  const response = await fetch(`${baseUrl}/api/system-config`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${data.token}` },
    body: JSON.stringify({ maintenanceMode: on, maintenanceMessage: 'Back at noon.' }),
  });
  assert.equal(response.status, 200, await response.text());
}

const PRODUCT_PAGES = [
  ['/olympiads/home', 'Every year thousands of learners'],
  ['/olympiads/about', 'over twenty years'],
  ['/olympiads/our-partners', 'Department of Basic Education'],
  ['/olympiads/our-users', 'all nine provinces'],
  ['/olympiads/contact', 'info@olympiads.example'],
  ['/mytutor', 'matches learners with tutors'],
];

const PROJECT_PAGES = [
  ['/geography/about', 'map work, climate and development'],
  ['/geography/participation-and-rules', 'One attempt per learner'],
  ['/geography/past-olympiads', "Each year's olympiad"],
  ['/geography/contact', 'geography@olympiads.example'],
  ['/geography/mytutor', 'Ask MyTutor to contact you'],
];

export function publicSitesSuite(context) {
  describe('public sites', () => {
    it(
      'every copy page shows its words, also in the HTML the server sends',
      onPage(context.browser, async (page) => {
        for (const [path, words] of [...PRODUCT_PAGES, ...PROJECT_PAGES]) {
          const response = await page.goto(`${context.baseUrl}${path}`);
          const html = await response.text();
          assert.match(html, /<meta property="og:title"/, path);
          assert.match(html, /<link rel="canonical"/, path);
          await page.getByText(words).first().waitFor();
        }
      }),
    );

    it(
      'the pages that list something carry their entries in the HTML the server sends, and an FAQ its FAQPage data',
      onPage(context.browser, async (page) => {
        // Each public content page of the demo, with what its server HTML must carry of its own.
        const pages = [
          ['/olympiads/faq', ['Who may write the olympiads?', 'entered by a teacher', 'What does it cost?']],
          ['/geography/faq', ['Which topics does the Geography Olympiad cover?', 'English and Afrikaans.']],
          ['/geography/top-results', ["The results of this year's olympiad are not released yet."]],
          ['/geography/past-winners', ['No olympiad of this project has released its results yet.']],
          ['/olympiads/our-partners', ['Department of Basic Education']],
          ['/olympiads/our-users', ['all nine provinces']],
        ];
        for (const [path, words] of pages) {
          const response = await fetch(`${context.baseUrl}${path}`);
          const html = await response.text();
          const copy = html.slice(html.indexOf('<main id="server-copy">'), html.indexOf('</main>'));
          for (const word of words) assert.ok(copy.includes(word), `${path}: the server's HTML lacks “${word}”`);
          if (path.endsWith('/faq')) {
            const own = copy.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
            assert.ok(own.length >= 200, `${path}: ${own.length} characters of its own: ${own}`);
          }
        }

        // In Chromium: the FAQPage data is read as data (the policy refuses nothing: onPage checks),
        // and the app shows the same questions at once.
        await page.goto(`${context.baseUrl}/olympiads/faq`);
        const data = JSON.parse(await page.locator('script[type="application/ld+json"]').textContent());
        assert.equal(data['@type'], 'FAQPage');
        assert.deepEqual(
          data.mainEntity.map((q) => q.name),
          ['Who may write the olympiads?', 'What does it cost?'],
        );
        await page.locator('#content').getByText('What does it cost?').waitFor();
        assert.equal(await page.locator('#server-copy').count(), 0);
        assert.equal(await page.getByText('Loading the questions…').count(), 0);
      }),
    );

    it(
      "the project home, the interest form and the results pages show their copy, the server's and the app's alike",
      onPage(context.browser, async (page) => {
        const admin = await signInAsAdmin(context.baseUrl);
        const pages = [
          ['/geography', 'home', 'Map work and climate, written at school.'],
          ['/geography/express-interest', 'express-interest', 'Entries close at the end of April.'],
          ['/geography/top-results', 'top-results', 'Congratulations to every learner on this list.'],
          ['/geography/past-winners', 'past-winners', 'Winners of earlier years went on to the national final.'],
        ];
        for (const [, pageKey, words] of pages) {
          await admin.call('POST', '/api/site-copy', { site: 'geography', pageKey, title: '', ogTitle: '', description: '', keywords: '', body: `<p>${words}</p>` });
        }
        for (const [path, , words] of pages) {
          const response = await page.goto(`${context.baseUrl}${path}`);
          assert.match(await response.text(), new RegExp(words.replace('.', '\\.')), `${path}: the server writes the copy`);
          // The app replaces the server's copy (#server-copy) with its own page, read from the API.
          await page.locator('#content').getByText(words).waitFor();
          assert.equal(await page.locator('#server-copy').count(), 0, path);
        }
      }),
    );

    it(
      'in maintenance the sites show the maintenance page, and the pages of e-mailed links stay open',
      onPage(context.browser, async (page) => {
        await setMaintenance(context.baseUrl, true);
        try {
          await page.goto(`${context.baseUrl}/geography/about`);
          await page.getByText('Back at noon.').waitFor();
          assert.ok(page.url().endsWith('/maintenance'), page.url());
          await page.goto(`${context.baseUrl}/unsubscribe/no-such-reference`);
          await page.getByText('This link did not work').waitFor();
          assert.ok(page.url().endsWith('/unsubscribe/no-such-reference'), page.url());
        } finally {
          await setMaintenance(context.baseUrl, false);
        }
      }),
    );

    it(
      'the FAQs open question by question',
      onPage(context.browser, async (page) => {
        await page.goto(`${context.baseUrl}/olympiads/faq`);
        await page.getByText('Who may write the olympiads?').click();
        await page.getByText('Learners in Grades 8 to 12 at any South African school').waitFor();
        await page.goto(`${context.baseUrl}/geography/faq`);
        await page.getByText('In which languages can learners write?').click();
        await page.getByText('English and Afrikaans.').waitFor();
      }),
    );

    it(
      'a visitor sends the contact form and a learner the MyTutor form',
      onPage(context.browser, async (page) => {
        await page.goto(`${context.baseUrl}/geography/contact`);
        await page.getByLabel('First name').fill('Sipho');
        await page.getByLabel('Last name').fill('Mokoena');
        await page.getByLabel('E-mail address').fill('sipho@mokoena.example.org');
        await page.getByRole('textbox', { name: 'Message' }).fill('When are the results out?');
        await page.getByRole('button', { name: 'Send' }).click();
        await page.getByText('We sent a link to').waitFor();

        await page.goto(`${context.baseUrl}/geography/mytutor`);
        await page.getByLabel('First name').fill('Lerato');
        await page.getByLabel('Last name').fill('Khumalo');
        await page.getByLabel('E-mail address').fill('lerato@khumalo.example.org');
        await page.getByRole('button', { name: 'Send' }).click();
        await page.getByText('We sent a link to').waitFor();
      }),
    );

    it(
      'the teacher reads the portal FAQ',
      onPage(context.browser, async (page) => {
        await signIn(page, context.baseUrl, { username: 'teacher@example.org', loginType: 'teacher' });
        await page.waitForURL(`${context.baseUrl}/portal`);
        await page.goto(`${context.baseUrl}/portal/faq`);
        await page.getByText('How do I load my learners?').click();
        await page.goto(`${context.baseUrl}/portal/geography/faq`);
        await page.getByText('Which topics does the Geography Olympiad cover?').waitFor();
      }),
    );

    it(
      "an admin previews and publishes a page's copy and the page shows it at once",
      onPage(context.browser, async (page) => {
        await signIn(page, context.baseUrl, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
        await page.waitForURL(`${context.baseUrl}/geography/admin/reports/overview`);
        await page.goto(`${context.baseUrl}/geography/admin/edit/website-copy`);
        await page.getByRole('button', { name: /^About/ }).click();
        const editor = page.getByRole('textbox', { name: 'Copy of the page' });
        await editor.click();
        await editor.press('End');
        await editor.pressSequentially(' Winners visit the national final.');
        assert.equal(await page.getByRole('button', { name: 'Publish' }).isDisabled(), true);
        await page.getByRole('button', { name: 'Preview' }).click();
        await page.getByLabel('Preview').getByText('Winners visit the national final.').waitFor();
        await page.getByRole('button', { name: 'Publish' }).click();
        await page.getByText('The page is published.').waitFor();
        const response = await page.goto(`${context.baseUrl}/geography/about`);
        assert.match(await response.text(), /Winners visit the national final\./);
        await page.getByText('Winners visit the national final.').first().waitFor();
      }),
    );
  });
}
