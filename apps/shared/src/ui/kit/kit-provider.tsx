// The UI kit (Mantine) for the admin, overlord, teacher-portal, payment and public layouts. Imported only
// by those layouts' chunks, so the sign-in page and the learner area never download it.
import '@mantine/core/styles.css';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, projectTheme } from './theme';
import { ConfirmProvider } from '../confirm/confirm-dialog';
import { brandCssVariables } from '../brand/brand-palette';

export function KitProvider({ projectSlug = null, children }: { projectSlug?: string | null; children: ReactNode }) {
  return (
    <MantineProvider theme={projectTheme(projectSlug)} cssVariablesResolver={cssVariablesResolver}>
      <div style={brandCssVariables(projectSlug)} className="kit-root">
        <ConfirmProvider>{children}</ConfirmProvider>
      </div>
    </MantineProvider>
  );
}
