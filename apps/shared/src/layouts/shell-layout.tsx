// The frame of the back-office layouts (admin, overlord) and the teacher portal: a header with the brand
// and the signed-in user, a navigation that collapses behind a burger on phones and tablets, and the
// screen. On a tablet (the accountant's, funding's and marketing's often) the grids need its whole width.
import type { ReactNode } from 'react';
import { AppShell, Burger, Group, Menu, NavLink, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { AppLink } from '../router/app-link';
import { useGoTo } from '../router/navigation';
import { useStoredUser } from '../session/stored-user';
import { signOut } from '../features/auth/api/sign-out';
import { LOGIN_PATH } from '../access/guard';
import classes from './shell-layout.module.css';

export type NavItem = { key: string; label: string; href: string; active: boolean };
export type NavSection = { label?: string; items: NavItem[] };

type ShellLayoutProps = {
  brand: ReactNode;
  navSections: NavSection[];
  /** Beside the user menu, e.g. the olympiad switcher. */
  headerEnd?: ReactNode;
  children: ReactNode;
};

export function ShellLayout({ brand, navSections, headerEnd, children }: ShellLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 270, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Toggle navigation" />
            {brand}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {headerEnd}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea type="auto">
          {navSections.map((section, index) => (
            <nav key={section.label ?? index} aria-label={section.label} className={classes.section}>
              {section.label && (
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
                  {section.label}
                </Text>
              )}
              {section.items.map((item) => (
                <NavLink
                  key={item.key}
                  label={item.label}
                  active={item.active}
                  aria-current={item.active ? 'page' : undefined}
                  onClick={close}
                  renderRoot={(props) => <AppLink to={item.href} {...props} />}
                />
              ))}
            </nav>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}

export function UserMenu() {
  const user = useStoredUser();
  const goTo = useGoTo();
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* The name starts with what the button shows (WCAG 2.5.3, label in name). The space between the
            two lines keeps the name and the role two words for that comparison; the column does not draw it. */}
        <UnstyledButton className={classes.user} aria-label={`${name}, ${user.role}: Account menu`}>
          <Text size="sm" fw={600} lh={1.2}>
            {name}
          </Text>{' '}
          <Text size="xs" c="dimmed" lh={1.2}>
            {user.role}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item
          onClick={async () => {
            await signOut();
            goTo(LOGIN_PATH, { replace: true });
          }}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
