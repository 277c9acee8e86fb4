// @vitest-environment node
// The feature-boundaries rule on imports from one admin feature into another.
import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import { fileURLToPath } from 'node:url';
import { featureBoundaries } from './eslint-feature-boundaries.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const file = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const screen = file('admin/src/features/entries/components/participating-schools-screen.tsx');
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: screen, code: "import { entriesGrid } from '../api/get-entries';" },
    { filename: screen, code: "import { SchoolPicker } from '../../schools/school-picker';" },
    { filename: screen, code: "import { schoolKeys } from '../../schools/api/get-schools';" },
    { filename: screen, code: "import { TeamPanel } from '@olympiad/shared/features/team/components/team-panel';" },
    { filename: file('admin/src/app/screens/schools.tsx'), code: "export { SchoolsScreen } from '../../features/schools/components/schools-screen';" },
  ],
  invalid: [
    { filename: screen, code: "import { SchoolsScreen } from '../../schools/components/schools-screen';", errors: [{ messageId: 'internal' }] },
    { filename: file('admin/src/features/entries/api/x.ts'), code: "export * from '../../schools/components/y';", errors: [{ messageId: 'internal' }] },
    {
      filename: file('shared/src/features/team/components/team-panel.tsx'),
      code: "import { ParticipantsGrid } from '../../learners/components/participants-grid';",
      errors: [{ messageId: 'internal' }],
    },
  ],
});
