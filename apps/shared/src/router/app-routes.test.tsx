// The route tree as a visitor meets it: the guard in front of layouts and screens, the not-found page,
// and a 401 that ends the session on a page that needs one.
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useParams } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import { setCurrentApp } from './navigation';
import { buildRouteTable } from '../access/route-table';
import type { LayoutLoaders, ScreenComponentProps, ScreenLoaders } from './screen-types';
import { clearStoredUser, USER_KEY } from '../session/stored-user';

const portalRoutes = buildRouteTable('portal', { product: 'olympiads' });
const adminRoutes = buildRouteTable('admin', { product: 'olympiads' });

function QuestionProbe() {
  const { moduleIndex, questionIndex } = useParams();
  return <h1>{`Module ${moduleIndex}, question ${questionIndex}`}</h1>;
}

/** Stands in for every screen: its title, so a test sees which route answered. */
function TitleProbe({ route }: ScreenComponentProps) {
  return <h1>{route.title}</h1>;
}

function probes(routes: typeof portalRoutes): ScreenLoaders {
  return {
    ...Object.fromEntries(routes.map((route) => [route.key, async () => ({ default: TitleProbe })])),
    olympiadQuestion: async () => ({ default: QuestionProbe }),
  };
}

const layouts: LayoutLoaders = {
  learner: async () => ({ default: ({ children }) => <div data-testid="learner-layout">{children}</div> }),
  plain: async () => ({ default: ({ children }) => <main data-testid="plain-layout">{children}</main> }),
  portal: async () => ({ default: ({ children }) => <div data-testid="portal-layout">{children}</div> }),
  overlord: async () => ({ default: ({ children }) => <div data-testid="overlord-layout">{children}</div> }),
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string, routes = portalRoutes) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes routes={routes} screens={probes(routes)} layouts={layouts} />
      <Where />
    </MemoryRouter>,
  );
}

function storeUser(role: string) {
  window.localStorage.setItem(USER_KEY, JSON.stringify({ id: 1, role, olympiadName: 'geography', accessToken: 't' }));
}

beforeEach(() => setCurrentApp('portal'));

describe('AppRoutes', () => {
  it('shows a learner the instructions in the learner layout', async () => {
    storeUser('learner');
    renderAt('/geography/olympiad/instructions');
    expect(await screen.findByRole('heading', { name: 'Instructions' })).toBeInTheDocument();
    expect(screen.getByTestId('learner-layout')).toBeInTheDocument();
  });

  it('passes both parameters of the question screen through its route', async () => {
    storeUser('learner');
    renderAt('/geography/olympiad/2/7');
    expect(await screen.findByRole('heading', { name: 'Module 2, question 7' })).toBeInTheDocument();
  });

  it('sends a visitor without a user from a learner page to /login, inside this app', async () => {
    renderAt('/geography/olympiad/instructions');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
    expect(screen.queryByTestId('learner-layout')).not.toBeInTheDocument();
  });

  it('sends a teacher away from a learner page to /login', async () => {
    storeUser('teacher');
    renderAt('/geography/olympiad/declaration');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows public pages without a user', async () => {
    renderAt('/portal/pay/0c5e/paid');
    expect(await screen.findByRole('heading', { name: 'Make Payment' })).toBeInTheDocument();
  });

  it('shows the not-found page for any other path', async () => {
    renderAt('/portal/geography/nonsense/deeper');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('loads /login, served by another app, with a page load when the admin app turns a visitor away', async () => {
    setCurrentApp('admin');
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, pathname: '/overlord/overview' });
    storeUser('teacher');
    renderAt('/overlord/overview', adminRoutes);
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/login'));
    expect(screen.queryByTestId('overlord-layout')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('leaves a page that needs a user as soon as the session ends (a 401 clears the user)', async () => {
    storeUser('teacher');
    renderAt('/portal/faq');
    expect(await screen.findByRole('heading', { name: 'FAQ' })).toBeInTheDocument();
    act(() => clearStoredUser());
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});
