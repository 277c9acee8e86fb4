import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { generateLimits, generateSchema, limitsPath, schemaPath } from './generate-schema.mjs';

await writeFile(schemaPath, await generateSchema());
console.log(`wrote ${relative(process.cwd(), schemaPath)}`);
await writeFile(limitsPath, await generateLimits());
console.log(`wrote ${relative(process.cwd(), limitsPath)}`);
