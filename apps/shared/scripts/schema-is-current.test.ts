// @vitest-environment node
// The typed client and the forms' limits are generated from the server's OpenAPI document: this fails when src/api/schema.ts
// no longer matches apps/shared/openapi.json (run `npm run gen:api`).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateLimits, generateSchema, limitsPath, schemaPath } from './generate-schema.mjs';

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
});
