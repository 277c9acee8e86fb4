export const openapiPath: string;
export const schemaPath: string;
export function generateSchema(path?: string, options?: { onShared?: (ids: string[]) => void }): Promise<string>;
export function dropSharedOperationIds(document: unknown): string[];
export const limitsPath: string;
export const rosterPath: string;
export function generateLimits(path?: string, roster?: string): Promise<string>;
