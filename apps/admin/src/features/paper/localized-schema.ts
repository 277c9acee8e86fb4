// A text in each language, as the forms hold it: a language's field that was never typed in is
// undefined, and is left out.
import { z } from 'zod';

export const localizedSchema = z
  .record(z.string(), z.string().optional())
  .transform((texts) => Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => entry[1] !== undefined)));
