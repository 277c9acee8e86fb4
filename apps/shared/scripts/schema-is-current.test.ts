// @vitest-environment node
// The typed client and the forms' limits are generated from the server's OpenAPI document: this fails when src/api/schema.ts
// no longer matches apps/shared/openapi.json (run `npm run gen:api`).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateLimits, generateSchema, limitsPath, openapiPath, rosterPath, schemaPath } from './generate-schema.mjs';

describe('generated API schema', () => {
  it('matches the OpenAPI document it was generated from', async () => {
    const committed = await readFile(schemaPath, 'utf8');
    const fresh = await generateSchema();
    expect(committed === fresh, 'apps/shared/src/api/schema.ts is stale: run `npm run gen:api`').toBe(true);
  });

  it('states the limits of the document it was generated from', async () => {
    const committed = await readFile(limitsPath, 'utf8');
    const fresh = await generateLimits();
    expect(committed === fresh, 'apps/shared/src/generated/limits.ts is stale: run `npm run gen:api`').toBe(true);
  });

  it("reads the learner row's limits from the domain's check, and fails loudly when it cannot", async () => {
    const source = await readFile(rosterPath, 'utf8');
    const limits = await generateLimits(openapiPath, rosterPath);
    expect(limits).toContain('"RosterRow"');
    const changed = join(await mkdtemp(join(tmpdir(), 'roster-')), 'roster.rs');
    await writeFile(changed, source.replace(/const MAX_NAME: usize = \d+;/, 'const LONGEST_NAME: usize = 80;'));
    await expect(generateLimits(openapiPath, changed)).rejects.toThrow(/MAX_NAME not found/);
  });
});
