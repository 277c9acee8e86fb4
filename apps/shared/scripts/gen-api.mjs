import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { generateSchema, schemaPath } from './generate-schema.mjs';

await writeFile(schemaPath, await generateSchema());
console.log(`wrote ${relative(process.cwd(), schemaPath)}`);
