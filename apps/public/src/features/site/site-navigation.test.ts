import { describe, expect, it } from 'vitest';
import { buildRouteTable } from '@olympiad/shared/access/route-table';
import { projectSiteLinks } from './site-navigation';

const routes = buildRouteTable('public', { product: 'olympiads' });

describe('a project site’s menu', () => {
  it('leads a teacher to the interest form, through which a school enters', () => {
    expect(projectSiteLinks(routes, 'geography')).toContainEqual({ key: 'expressInterest', label: 'Express Interest', href: '/geography/express-interest' });
  });
});
