// The server's e-mail outbox (the file transport in DATA_DIR/outbox), read as a person reads their
// mailbox: the tests follow the links the platform mails.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The link of the newest e-mail in the outbox that has one matching `pattern`, waiting for the worker. */
export async function linkFromOutbox(dataDir, pattern, timeoutMs = 15_000) {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(outbox).catch(() => []);
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      // Quoted-printable soft line breaks and `=3D` are undone before looking for the link.
      const text = (await readFile(join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const found = text.match(pattern);
      if (found) return found[0];
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`no e-mail with ${pattern} in ${outbox}`);
}
