// The public sites: each project in its own colours, with its own menu; other pages in the product's.
// Plain elements and CSS: these pages are the first the schools see, on phones over mobile data.
import { useEffect, useState, type CSSProperties } from 'react';
import { useParams } from 'react-router-dom';
import type { LayoutComponentProps } from '@olympiad/shared/router/screen-types';
import { brandCssVariables } from '@olympiad/shared/ui/brand/brand-palette';
import { AppLink } from '@olympiad/shared/router/app-link';
import { findProject, useProjects, type Project } from '@olympiad/shared/features/projects/api/get-projects';
import { isProjectPage, productSiteLinks, projectSiteLinks } from '../../features/site/site-navigation';
import classes from './public-layout.module.css';

export default function PublicLayout({ route, routes, children }: LayoutComponentProps) {
  const { projectName } = useParams();
  const projects = useProjects();
  const project = isProjectPage(route) ? findProject(projects.data, projectName) : undefined;
  const siteLinks = project ? projectSiteLinks(routes, project.slug) : productSiteLinks(routes);
  const siteName = project?.name ?? 'Olympiads';
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (route.key === 'notFound') return;
    document.title = `${route.title} · ${siteName}`;
  }, [route.key, route.title, siteName]);
  // A page opened from the menu closes it.
  useEffect(() => setMenuOpen(false), [route.key, projectName]);

  return (
    <div className={classes.site} style={brandCssVariables(project?.slug ?? null) as CSSProperties}>
      <a className={classes.skip} href="#content">
        Skip to content
      </a>
      <header className={classes.header}>
        <div className={classes.bar}>
          <AppLink className={classes.name} to={project ? `/${project.slug}` : '/'}>
            {siteName}
          </AppLink>
          <button
            type="button"
            className={classes.menuButton}
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <nav id="site-menu" aria-label="Site" className={`${classes.nav}${menuOpen ? ` ${classes.navOpen}` : ''}`}>
            <ul>
              {siteLinks.map((link) => (
                <li key={link.key}>
                  <AppLink to={link.href} aria-current={link.key === route.key ? 'page' : undefined}>
                    {link.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
          <a className={`lean-button ${classes.signIn}`} href={signInHref(project)}>
            Sign in
          </a>
        </div>
      </header>
      <main id="content" className={classes.main}>
        {children}
      </main>
      <footer className={classes.footer}>
        <p>
          School olympiads for South African learners · <AppLink to="/">All olympiads</AppLink>
        </p>
      </footer>
    </div>
  );
}

/** Sign in to the project's open olympiad when it has one. */
function signInHref(project: Project | undefined): string {
  const open = project?.olympiads.find((olympiad) => olympiad.isOpen);
  return open ? `/${open.name}/login` : '/login';
}
