// scratch, not committed
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startServer } from './support/server.mjs';
import { launchBrowser } from './support/browser.mjs';
import { signIn } from './support/sign-in.mjs';
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const { DEFAULT_THEME } = require('@mantine/core');
const before = process.argv.includes('--before');
const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const ADMIN = { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' };
const OVERLORD = { username: 'overlord@example.org', loginType: 'overlord' };
const TEACHER = { username: 'teacher@example.org', loginType: 'teacher' };
const SHOTS = [
  ['/', null], ['/geography', null], ['/geography/express-interest', null], ['/no/such/page', null],
  ['/overlord/overview', OVERLORD], ['/overlord/edit/users', OVERLORD], ['/overlord/merge-schools', OVERLORD], ['/overlord/file-attachments', OVERLORD], ['/overlord/uploads', OVERLORD],
  ['/geography/admin/reports/overview', ADMIN], ['/geography/admin/edit/schools', ADMIN], ['/geography/admin/eoi', ADMIN], ['/geography/admin/edit/participating-schools', ADMIN],
  ['/geography/admin/edit/participating-learners', ADMIN], ['/geography/admin/edit/question-modules', ADMIN], ['/geography/admin/edit/questions', ADMIN],
  ['/geography/admin/edit/questions?question=1', ADMIN], ['/geography/admin/reports/verify-questions', ADMIN], ['/geography/admin/file-attachments', ADMIN], ['/geography/admin/settings-and-actions', ADMIN],
  ['/portal', TEACHER], ['/portal/geography', TEACHER], ['/portal/geography/load-learners', TEACHER], ['/portal/geography/team', TEACHER],
];
function beforeCss(shade) {
  const C = DEFAULT_THEME.colors; let css = ':root, [data-mantine-color-scheme] {';
  css += `--mantine-color-dimmed: ${C.gray[6]} !important; --mantine-color-placeholder: ${C.gray[5]} !important; --mantine-color-error: ${C.red[6]} !important;`;
  for (const [n, s] of Object.entries(C)) { if (n === 'dark') continue; const v = s[shade];
    css += `--mantine-color-${n}-text:${v}!important;--mantine-color-${n}-light-color:${v}!important;--mantine-color-${n}-outline:${v}!important;--mantine-color-${n}-filled:${v}!important;--mantine-color-${n}-filled-hover:${s[shade === 9 ? 8 : shade + 1]}!important;`; }
  return css + '}';
}
const server = await startServer();
const browser = await launchBrowser();
const totals = {};
try {
  for (const [path, as] of SHOTS.filter(([p]) => !onlyArg || p.includes(onlyArg))) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (as) { await signIn(page, server.baseUrl, as); await page.waitForURL((u) => u.pathname !== '/login'); }
    await page.goto(`${server.baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    if (before) { const shade = path.startsWith('/geography') || path.startsWith('/portal/geography') ? 9 : 8; await page.addStyleTag({ content: beforeCss(shade) }).catch(async () => { await page.evaluate((c) => { const s = document.createElement('style'); s.textContent = c; document.head.append(s); }, beforeCss(shade)); }); await page.waitForTimeout(300); }
    await page.evaluate(axeSource);
    const res = await page.evaluate(async () => {
      const r = await window.axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
      return r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => ({ t: n.target.join(' '), d: n.any.map((a) => a.data && a.data.contrastRatio ? `${a.data.fgColor} on ${a.data.bgColor} ${a.data.contrastRatio}` : '').join('') , html: n.html.slice(0, 400) })) }));
    });
    const count = res.reduce((s, v) => s + v.nodes.length, 0);
    totals[path] = count;
    console.log(`\n## ${path}: ${count}`);
    for (const v of res) for (const n of v.nodes) console.log(`  ${v.id} ${n.d} | ${n.html}`);
    await context.close();
  }
} finally { await browser.close(); await server.stop(); }
console.log(JSON.stringify(totals));
