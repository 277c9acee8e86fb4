// The public sites' menus: a project's own site (/:projectName/…), or the product's suite site.
import type { AppRoute } from '@olympiad/shared/access/route-table';

export type SiteLink = { key: string; label: string; href: string };

const PROJECT_PAGES: [key: string, label?: string][] = [
  ['projectHome', 'Home'],
  ['projectAbout'],
  ['participationAndRules'],
  // How a school enters: the site says so on every page, so the form is a page of its menu.
  ['expressInterest'],
  ['pastOlympiads'],
  ['pastWinners'],
  ['topResults'],
  ['projectFaq'],
  ['projectContact'],
];

const PRODUCT_PAGES: [key: string, label?: string][] = [
  ['productHome', 'Home'],
  ['productAbout'],
  ['productPartners'],
  ['productUsers'],
  ['productFaq'],
  ['productContact'],
];

function links(routes: AppRoute[], pages: [string, string?][], params: Record<string, string>): SiteLink[] {
  return pages.flatMap(([key, label]) => {
    // The project home's first path is /:projectName; prefer the shortest address of each screen.
    const route = routes.find((candidate) => candidate.key === key);
    return route ? [{ key, label: label ?? route.title, href: route.getHref(params) }] : [];
  });
}

export function projectSiteLinks(routes: AppRoute[], projectName: string): SiteLink[] {
  return links(routes, PROJECT_PAGES, { projectName });
}

export function productSiteLinks(routes: AppRoute[]): SiteLink[] {
  return links(routes, PRODUCT_PAGES, {});
}

/** Screens of a project's site (they carry :projectName). */
export function isProjectPage(route: AppRoute): boolean {
  return route.definition.startsWith('/:projectName');
}
