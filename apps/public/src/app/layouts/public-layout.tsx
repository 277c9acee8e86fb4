// The public sites: each project in its own colours, with its own menu; other pages in the product's.
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Anchor, Box, Burger, Container, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { LayoutComponentProps } from '@olympiad/shared/router/screen-types';
import { KitProvider } from '@olympiad/shared/ui/kit/kit-provider';
import { AppLink } from '@olympiad/shared/router/app-link';
import { findProject, useProjects, type Project } from '@olympiad/shared/features/projects/api/get-projects';
import { isProjectPage, productSiteLinks, projectSiteLinks, type SiteLink } from '../../features/site/site-navigation';
import classes from './public-layout.module.css';

export default function PublicLayout({ route, routes, children }: LayoutComponentProps) {
  const { projectName } = useParams();
  const projects = useProjects();
  const project = isProjectPage(route) ? findProject(projects.data, projectName) : undefined;
  const siteLinks = project ? projectSiteLinks(routes, project.slug) : productSiteLinks(routes);
  const [opened, { toggle, close }] = useDisclosure(false);

  useEffect(() => {
    if (route.key === 'notFound') return;
    document.title = `${route.title} · ${project?.name ?? 'Olympiads'}`;
  }, [route.key, route.title, project?.name]);

  return (
    <KitProvider projectSlug={project?.slug ?? null}>
      <a className={classes.skip} href="#content">
        Skip to content
      </a>
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={AppLink} to={project ? `/${project.slug}` : '/'} underline="never" c="inherit">
              <Text fw={800} size="lg">
                {project?.name ?? 'Olympiads'}
              </Text>
            </Anchor>
            <Group gap="lg" visibleFrom="md" component="nav" aria-label="Site">
              <SiteMenu links={siteLinks} current={route.key} />
            </Group>
            <Group gap="sm" wrap="nowrap">
              <a className={classes.signIn} href={signInHref(project)}>
                Sign in
              </a>
              <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label="Open the menu" size="sm" />
            </Group>
          </Group>
        </Container>
      </header>
      <Drawer opened={opened} onClose={close} title={project?.name ?? 'Olympiads'} hiddenFrom="md" size="xs">
        <Stack component="nav" aria-label="Site" gap="sm" onClick={close}>
          <SiteMenu links={siteLinks} current={route.key} />
        </Stack>
      </Drawer>
      <Box component="main" id="content" className={classes.main}>
        <Container size="lg" py="xl">
          {children}
        </Container>
      </Box>
      <footer className={classes.footer}>
        <Container size="lg">
          <Text size="sm" c="dimmed">
            School olympiads for South African learners · <AppLink to="/">All olympiads</AppLink>
          </Text>
        </Container>
      </footer>
    </KitProvider>
  );
}

function SiteMenu({ links, current }: { links: SiteLink[]; current: string }) {
  return (
    <>
      {links.map((link) => (
        <Anchor
          key={link.key}
          component={AppLink}
          to={link.href}
          size="sm"
          fw={link.key === current ? 700 : 500}
          c={link.key === current ? undefined : 'dark'}
          aria-current={link.key === current ? 'page' : undefined}
        >
          {link.label}
        </Anchor>
      ))}
    </>
  );
}

/** Sign in to the project's open olympiad when it has one. */
function signInHref(project: Project | undefined): string {
  const open = project?.olympiads.find((olympiad) => olympiad.isOpen);
  return open ? `/${open.name}/login` : '/login';
}
