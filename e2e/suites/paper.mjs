// The olympiad's paper, as its admin works on it: a question with an image written in English and
// Afrikaans, previewed as the learner will see it, saved as a draft without a correct answer (so that
// opening is refused with the problem), fixed from that problem's link, verified, and opened. A file of
// the wrong type is refused with the server's sentence.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { onPage } from '../support/browser.mjs';
import { signIn } from '../support/sign-in.mjs';

// A 2×2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

export function paperSuite(context) {
  describe('olympiad paper', () => {
    it(
      'an admin writes a question with an image in both languages, previews it, verifies and opens the olympiad',
      onPage(context.browser, async (page) => {
        const base = `${context.baseUrl}/geography/admin`;
        await signIn(page, context.baseUrl, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
        await page.waitForURL((url) => url.pathname.startsWith('/geography/admin'));

        // Closed first, so that the paper can be changed without learners writing it.
        await page.goto(`${base}/settings-and-actions`);
        await page.getByRole('button', { name: 'Close olympiad' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Close olympiad' }).click();
        await page.getByLabel('Olympiad status').getByText('Closed').waitFor();

        // A file that is not an image or a PDF is refused with the server's sentence.
        await page.goto(`${base}/file-attachments`);
        await page.getByRole('table', { name: 'Files' }).getByText('Demo map.png').waitFor();
        await page.locator('input[type=file]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
        await page.getByText('only PNG, JPEG, GIF or WebP images and PDF documents can be uploaded').waitFor();

        // A new question in the first module, both languages, with an image uploaded from the editor.
        await page.goto(`${base}/edit/questions`);
        await page.getByRole('list', { name: 'Questions of Maps and the globe' }).getByText('On the map, which colour shows the sea?').waitFor();
        await page.getByRole('button', { name: 'New question' }).click();
        const editor = page.getByRole('dialog', { name: 'New question' });
        await editor.getByRole('textbox', { name: 'Question (English)' }).fill('Which river forms the border with ');
        await editor.getByRole('toolbar', { name: 'Formatting of Question (English)' }).getByRole('button', { name: 'Bold (Ctrl+B)' }).click();
        await page.keyboard.type('Namibia');
        await editor.getByRole('textbox', { name: 'Question (Afrikaans)' }).fill('Watter rivier vorm die grens met Namibië?');
        await editor.getByRole('textbox', { name: 'Option a (English)' }).fill('Orange');
        await editor.getByRole('textbox', { name: 'Option a (Afrikaans)' }).fill('Oranje');
        await editor.getByRole('textbox', { name: 'Option b (English)' }).fill('Limpopo');
        await editor.getByRole('textbox', { name: 'Option b (Afrikaans)' }).fill('Limpopo');
        await editor.locator('input[type=file]').setInputFiles({ name: 'river.png', mimeType: 'image/png', buffer: PNG });
        await page.getByText('river.png uploaded.').waitFor();

        // The live preview, as the learner sees it, in English and in Afrikaans, with the image.
        const preview = editor.getByRole('region', { name: 'Preview' });
        await preview.getByText('Which river forms the border with').waitFor();
        assert.equal(await preview.locator('.question-view__stem b, .question-view__stem strong').textContent(), 'Namibia');
        await preview.getByText('Choose one answer.').waitFor();
        await preview.getByText('Afrikaans').click();
        await preview.getByText('Watter rivier vorm die grens met Namibië?').waitFor();
        await preview.getByText('Kies een antwoord.').waitFor();
        await preview.getByRole('radio', { name: 'Oranje' }).check();
        const image = preview.getByRole('img', { name: 'Prent by hierdie vraag' });
        await image.waitFor();
        assert.match(await image.getAttribute('src'), /^blob:/);
        await page.waitForFunction(() => document.querySelector('.question-view__image')?.naturalWidth === 2);

        // No correct answer ticked: saved as a draft.
        await editor.getByText('No correct answer yet').waitFor();
        await editor.getByRole('button', { name: 'Add question' }).click();
        await page.getByText('Question 11 saved.').waitFor();
        await page.getByRole('list', { name: 'Questions of Maps and the globe' }).getByText('Which river forms the border with Namibia').waitFor();

        // Verify reports it, and opening is refused with the same problem.
        await page.getByRole('link', { name: 'Verify Questions' }).click();
        await page.getByRole('status', { name: 'Verdict' }).getByText('Not ready').waitFor();
        await page.getByRole('table', { name: 'Problems' }).getByText('Question 11 must have exactly one correct answer.').waitFor();
        await page.getByRole('link', { name: 'Settings and Actions' }).click();
        await page.getByRole('button', { name: 'Open olympiad' }).click();
        const refusal = page.getByRole('alert').filter({ hasText: 'The olympiad cannot open yet' });
        await refusal.waitFor();
        await refusal.getByRole('link', { name: 'Question 11 must have exactly one correct answer.' }).click();

        // The link opens the question; the correct answer is ticked and saved.
        const fix = page.getByRole('dialog', { name: 'Question 11' });
        await fix.getByRole('checkbox', { name: 'Option a is correct' }).check();
        await fix.getByRole('button', { name: 'Save question' }).click();
        // The dialog closes once the question is saved (the first save's notice may still be showing).
        await fix.waitFor({ state: 'hidden' });

        await page.getByRole('link', { name: 'Verify Questions' }).click();
        await page.getByRole('status', { name: 'Verdict' }).getByText('Ready to open').waitFor();
        await page.getByRole('link', { name: 'Settings and Actions' }).click();
        await page.getByRole('button', { name: 'Open olympiad' }).click();
        await page.getByLabel('Olympiad status').getByText('Open').waitFor();
        await page.getByText('The olympiad is open.').waitFor();

        // While it is open, a change of the paper is confirmed first.
        await page.goto(`${base}/edit/questions`);
        await page.getByRole('button', { name: 'Actions for question 11' }).click();
        await page.getByRole('menuitem', { name: 'Duplicate' }).click();
        await page.getByRole('dialog', { name: 'The olympiad is open' }).getByRole('button', { name: 'Change the paper' }).click();
        await page.getByText('Question 11 copied as question 12.').waitFor();
      }),
    );
  });
}

export function paperModulesSuite(context) {
  describe('question modules', () => {
    it(
      'are imported from a CSV bank, reordered by the keyboard and by dragging, added, deleted and exported',
      onPage(context.browser, async (page) => {
        const base = `${context.baseUrl}/geography/admin`;
        await signIn(page, context.baseUrl, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
        await page.waitForURL((url) => url.pathname.startsWith('/geography/admin'));
        await page.goto(`${base}/edit/question-modules`);
        const list = page.getByRole('list', { name: 'Question modules' });
        await list.getByText('1. Maps and the globe').waitFor();
        // The olympiad is open (the demo's, or as the paper suite left it): each change is confirmed.
        const confirmChange = () => page.getByRole('dialog', { name: 'The olympiad is open' }).getByRole('button', { name: 'Change the paper' }).click();

        await page.getByRole('button', { name: 'Question bank' }).click();
        await page.getByRole('menuitem', { name: 'Import single-choice CSV…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Import a single-choice bank from CSV' });
        await dialog.getByLabel("New module's title").fill('Rivers');
        await dialog
          .getByRole('textbox', { name: 'CSV' })
          .fill('question,a,b,c,d,correct,marks,difficulty\nLongest river?,Orange,Vaal,,,a,2,3\nRiver through Gqeberha?,Swartkops,Kei,,,a,,\n');
        await dialog.getByRole('button', { name: 'Import' }).click();
        await confirmChange();
        await page.getByText('Added 1 module(s) with 2 question(s).').waitFor();
        await list.getByText('4. Rivers').waitFor();

        // By the keyboard's buttons, then back by dragging the handle.
        await page.getByRole('button', { name: 'Move Rivers up' }).click();
        await confirmChange();
        await list.getByText('3. Rivers').waitFor();
        const items = list.getByRole('listitem');
        await items.nth(2).getByTestId('drag-handle').dragTo(items.nth(0));
        await confirmChange();
        await list.getByText('1. Rivers').waitFor();

        // A module titled in English only; then deleted with its (no) questions.
        await page.getByRole('button', { name: 'New module' }).click();
        const form = page.getByRole('dialog', { name: 'New module' });
        await form.getByLabel('Title (English)').fill('Deserts');
        await form.getByRole('button', { name: 'Add module' }).click();
        await confirmChange();
        await list.getByText('5. Deserts').waitFor();
        await page.getByRole('button', { name: 'Actions for Deserts' }).click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        await page.getByRole('dialog', { name: 'Delete Deserts?' }).getByRole('button', { name: 'Delete module' }).click();
        await confirmChange();
        await list.getByText('5. Deserts').waitFor({ state: 'detached' });

        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Question bank' }).click();
        await page.getByRole('menuitem', { name: 'Export as JSON' }).click();
        const file = await download;
        assert.equal(file.suggestedFilename(), 'geography-question-bank.json');
        const bank = JSON.parse(await readFile(await file.path(), 'utf8'));
        assert.equal(bank.format, 'olympiad-question-bank');
        assert.deepEqual(bank.modules[0].title, { en: 'Rivers' });
        assert.equal(bank.modules[0].questions.length, 2);
      }),
    );
  });
}
