// The overlord's Projects screen as they see it: a new project made with its site address and kind, the
// server's refusal of the address on its field; an existing project's address is not offered for change.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@olympiad/shared/feedback/notifications';
import { productSlug } from '@olympiad/shared/access/product';
import { ok, renderOverlordScreen, serve } from '../../overlord/screen-harness';
import { ProjectsScreen } from './projects-screen';

const geography = { id: 1, slug: 'geography', name: 'Geography', description: 'Maps.', kind: 'schools', createdAt: '2026-01-01T00:00:00Z' };

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.set([]);
});

describe('the Projects screen', () => {
  it('makes a new project, showing the server’s refusal of its address on the field', async () => {
    const person = userEvent.setup();
    const projects = `/api/${productSlug()}-project`;
    let answer: { status: number; body: unknown } = { status: 400, body: { success: false, error: 'validation', errorMsg: 'slug: is taken by another project', fields: { slug: 'is taken by another project' } } };
    const calls = serve({ [`GET ${projects}`]: ok([geography]), [`POST ${projects}`]: () => answer });
    renderOverlordScreen(ProjectsScreen, 'productProjects');
    await screen.findByText('Geography');
    await person.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await person.type(within(dialog).getByLabelText(/Site address/), 'Maths Site');
    await person.type(within(dialog).getByLabelText(/^Name/), 'Mathematics');
    await person.click(within(dialog).getByRole('button', { name: 'Make it' }));
    expect(await within(dialog).findByText('must be lower-case words joined by hyphens')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await person.clear(within(dialog).getByLabelText(/Site address/));
    await person.type(within(dialog).getByLabelText(/Site address/), 'geography');
    await person.click(within(dialog).getByRole('button', { name: 'Make it' }));
    expect(await within(dialog).findByText('is taken by another project')).toBeInTheDocument();

    answer = { status: 200, body: { success: true, data: { ...geography, id: 2, slug: 'maths', name: 'Mathematics', description: '' } } };
    await person.clear(within(dialog).getByLabelText(/Site address/));
    await person.type(within(dialog).getByLabelText(/Site address/), 'maths');
    await person.click(within(dialog).getByRole('button', { name: 'Make it' }));
    await waitFor(() => expect(notifications.get().map((n) => n.message)).toEqual(['Mathematics is made; its site is at /maths.']));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ slug: 'maths', kind: 'schools', name: 'Mathematics', description: '' });
  });

  it('edits a project’s name without offering its address', async () => {
    const person = userEvent.setup();
    serve({ [`GET /api/${productSlug()}-project`]: ok([geography]) });
    renderOverlordScreen(ProjectsScreen, 'productProjects');
    await screen.findByText('Geography');
    await person.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Geography' });
    expect(within(dialog).queryByLabelText(/Site address/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Geography');
  });
});
