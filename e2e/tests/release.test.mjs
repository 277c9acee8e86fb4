// The release as a provider installs it: `make dist`'s archive (here of the debug build, which needs no
// optimised compile) unpacked into an empty folder and started there with only a `.env` and a bare
// environment: it makes its database, serves the apps it carries (not the source tree's) and an overlord
// created with its own command signs in through them in Chromium.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifactsDir, repoRoot } from '../support/server.mjs';
import { launchBrowser, onPage } from '../support/browser.mjs';
import { signIn } from '../support/sign-in.mjs';

const OVERLORD = { username: 'release-overlord@example.org', password: 'release-overlord-password' };

let browser;
let child;
let folder;
let baseUrl;
let distDir;

/** The archive: OLYMPIAD_RELEASE when the caller made it, else made here from the debug build. */
function archive() {
  if (process.env.OLYMPIAD_RELEASE) return process.env.OLYMPIAD_RELEASE;
  distDir = mkdtempSync(join(tmpdir(), 'olympiad-dist-'));
  const made = spawnSync('bash', ['scripts/dist.sh', 'debug'], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, DIST_DIR: distDir } });
  if (made.status !== 0) throw new Error(`scripts/dist.sh debug failed:\n${made.stderr}`);
  return made.stdout.trim().split('\n').at(-1);
}

const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

/** Nothing of the test's own environment: what the release needs must come from its `.env`. */
const bare = { PATH: '/usr/bin:/bin', HOME: tmpdir() };

before(async () => {
  folder = mkdtempSync(join(tmpdir(), 'olympiad-release-'));
  const unpacked = spawnSync('tar', ['-xzf', archive(), '--strip-components=1', '-C', folder], { encoding: 'utf8' });
  assert.equal(unpacked.status, 0, unpacked.stderr);
  for (const part of ['olympiad', '.env.example', 'olympiad.service', 'Caddyfile', 'INSTALL.md', 'apps/admin/dist/index.html']) {
    assert.ok(existsSync(join(folder, part)), `the archive has ${part}`);
  }
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  writeFileSync(join(folder, '.env'), [`BIND=127.0.0.1:${port}`, `PUBLIC_BASE_URL=${baseUrl}`, 'DATA_DIR=./data', 'REQUIRE_STAFF_2FA=false', 'RUST_LOG=warn', ''].join('\n'));

  const created = spawnSync('./olympiad', ['create-user', '--email', OVERLORD.username, '--password', OVERLORD.password, '--role', 'overlord'], { cwd: folder, env: bare, encoding: 'utf8' });
  assert.equal(created.status, 0, `${created.stdout}\n${created.stderr}`);

  const log = createWriteStream(join(artifactsDir, 'release-server.log'));
  child = spawn('./olympiad', ['serve'], { cwd: folder, env: bare, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const deadline = Date.now() + 60_000;
  for (;;) {
    assert.equal(child.exitCode, null, 'the released server exited before it was ready');
    const ready = await fetch(`${baseUrl}/readyz`).catch(() => null);
    if (ready?.status === 200) break;
    assert.ok(Date.now() < deadline, 'the released server was not ready within a minute');
    await new Promise((done) => setTimeout(done, 200));
  }
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (child?.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }
  for (const made of [folder, distDir]) if (made) rmSync(made, { recursive: true, force: true });
});

describe('the release', () => {
  it('keeps its database in the DATA_DIR its .env names', () => {
    assert.ok(existsSync(join(folder, 'data', 'olympiad.db')));
  });

  it(
    'serves the apps it carries, and its first overlord signs in through them',
    onPage(
      () => browser,
      async (page) => {
        await signIn(page, baseUrl, { username: OVERLORD.username, loginType: 'overlord', password: OVERLORD.password });
        await page.waitForURL(`${baseUrl}/overlord/overview`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      },
    ),
  );
});
