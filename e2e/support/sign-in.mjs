// Signing in through the real /login page, as a person would.
import { DEMO_PASSWORD } from './server.mjs';

const LOGIN_TYPE_LABEL = { learner: 'Learner', teacher: 'Teacher', admin: 'Olympiad staff', overlord: 'Overlord' };

export async function signIn(page, baseUrl, { username, loginType, olympiadName, password = DEMO_PASSWORD }) {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('radio', { name: LOGIN_TYPE_LABEL[loginType], exact: true }).check();
  if (olympiadName) {
    // The field becomes a select once the list of olympiads has arrived.
    await page.waitForLoadState('networkidle');
    const olympiad = page.locator('[name=olympiadName]');
    const tag = await olympiad.evaluate((element) => element.tagName);
    if (tag === 'SELECT') await olympiad.selectOption(olympiadName);
    else await olympiad.fill(olympiadName);
  }
  await page.getByLabel(loginType === 'learner' ? 'Username or e-mail address' : 'E-mail address').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function storedUser(page) {
  return page.evaluate(() => window.localStorage.getItem('user'));
}
