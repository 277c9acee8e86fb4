// Starts the real `olympiad` binary on a fresh database for the end-to-end tests: seed-demo, a demo
// learner, then `serve` on a free loopback port, waiting for /readyz. The apps must be built.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');

export const DEMO_PASSWORD = 'demo';
// create-user wants at least 8 characters, so the learner's password is longer than the demo one.
export const LEARNER = { username: 'learner1@example.org', olympiad: 'geography', password: 'learner-demo-1' };

/** OLYMPIAD_BIN (a relative one read from the repository's root, not from e2e/), else the debug build in
 * the repository's target/. */
export function olympiadBinary() {
  if (process.env.OLYMPIAD_BIN) return resolve(repoRoot, process.env.OLYMPIAD_BIN);
  return join(repoRoot, 'target', 'debug', 'olympiad');
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

function ensureBuilt() {
  const missing = ['public', 'portal', 'admin'].filter((app) => !existsSync(join(repoRoot, 'apps', app, 'dist', 'index.html')));
  if (missing.length === 0) return;
  console.log(`# building the apps (${missing.join(', ')} missing)`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

function run(binary, args, env) {
  const result = spawnSync(binary, args, { env, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${binary} ${args.join(' ')} exited with ${result.status}:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/**
 * The demo learners that seed-demo prints under "Demo learners of …": a line per learner, ending in
 * their username and password.
 */
export function demoLearners(seedOutput) {
  const lines = seedOutput.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Demo learners'));
  if (start < 0) return [];
  const learners = [];
  // The line after the title names the columns.
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('  ')) break;
    const words = line.trim().split(/\s+/);
    learners.push({ username: words.at(-2), password: words.at(-1) });
  }
  return learners;
}

async function waitUntilReady(baseUrl, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms`);
}

export async function startServer() {
  const binary = olympiadBinary();
  if (!existsSync(binary)) {
    throw new Error(`no olympiad binary at ${binary}: build it (cargo build --bin olympiad) or set OLYMPIAD_BIN`);
  }
  ensureBuilt();
  mkdirSync(artifactsDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'olympiad-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    BIND: `127.0.0.1:${port}`,
    REQUIRE_STAFF_2FA: 'false',
    STATIC_DIR: join(repoRoot, 'apps'),
    PUBLIC_BASE_URL: baseUrl,
  };
  delete env.DATABASE_URL; // the embedded SQLite database in DATA_DIR

  const learners = demoLearners(run(binary, ['seed-demo', '--password', DEMO_PASSWORD], env));
  run(binary, ['create-user', '--email', LEARNER.username, '--password', LEARNER.password, '--role', 'learner', '--olympiad', LEARNER.olympiad], env);

  const log = createWriteStream(join(artifactsDir, 'server.log'));
  const child = spawn(binary, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  await waitUntilReady(baseUrl, child, 60_000);

  return {
    baseUrl,
    binary,
    /** The demo learners of the geography olympiad: `{ username, password }`. */
    learners,
    /** The server's DATA_DIR: its e-mail outbox is `outbox/`. */
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => {
          const force = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(force);
            done();
          });
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
