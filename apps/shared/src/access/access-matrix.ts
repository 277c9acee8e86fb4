// The access matrix, as exported by the server (Rust is the source of truth; its tests
// write src/generated/access-matrix.json). Every app builds its route table from this file.
import matrixJson from '../generated/access-matrix.json';

export const ROLES = ['admin', 'accountant', 'funding', 'marketing', 'learner', 'teacher', 'overlord'] as const;
export type Role = (typeof ROLES)[number];

export type AppName = 'admin' | 'portal' | 'public';
export type LayoutName = 'admin' | 'overlord' | 'portal' | 'learner' | 'public' | 'payment' | 'plain';
export type Access = 'public' | 'anyUser' | 'roles';

export type ScreenProps = { all?: boolean; mode?: string };

export type Screen = {
  key: string;
  title: string;
  app: AppName;
  layout: LayoutName;
  paths: string[];
  access: Access;
  roles: Role[];
  props?: ScreenProps;
  /** Declared by the spec but hidden behind an earlier route with the same path. */
  shadowed?: boolean;
};

export type AccessMatrix = {
  roles: Role[];
  homes: Record<Role, string>;
  screens: Screen[];
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Checks the JSON's shape once at start, so that a malformed export fails loudly rather than silently. */
export function parseAccessMatrix(json: unknown): AccessMatrix {
  const fail = (why: string): never => {
    throw new Error(`access-matrix.json: ${why}`);
  };
  if (typeof json !== 'object' || json === null) fail('not an object');
  const { roles, homes, screens } = json as Record<string, unknown>;
  if (!Array.isArray(roles) || !roles.every(isRole)) fail('roles must be a list of known roles');
  if (typeof homes !== 'object' || homes === null) fail('homes missing');
  for (const role of roles as Role[]) {
    if (typeof (homes as Record<string, unknown>)[role] !== 'string') fail(`no home for ${role}`);
  }
  if (!Array.isArray(screens)) fail('screens missing');
  for (const screen of screens as Screen[]) {
    if (typeof screen.key !== 'string' || !Array.isArray(screen.paths) || screen.paths.length === 0) {
      fail(`bad screen ${JSON.stringify(screen)}`);
    }
    if (!['public', 'anyUser', 'roles'].includes(screen.access)) fail(`bad access on ${screen.key}`);
    if (!screen.roles.every(isRole)) fail(`unknown role on ${screen.key}`);
  }
  return json as AccessMatrix;
}

export const accessMatrix: AccessMatrix = parseAccessMatrix(matrixJson);

/** Whether a visitor with `role` (null: not signed in) may open the screen; mirrors Rust's `Screen::admits`. */
export function admits(screen: Pick<Screen, 'access' | 'roles'>, role: Role | null): boolean {
  switch (screen.access) {
    case 'public':
      return true;
    case 'anyUser':
      return role !== null;
    case 'roles':
      return role !== null && screen.roles.includes(role);
  }
}

/** Where a user lands after signing in; `{olympiadName}` is the user's olympiad. */
export function homeOf(
  user: { role: Role; olympiadName?: string | null },
  matrix: AccessMatrix = accessMatrix,
): string {
  const home = matrix.homes[user.role];
  return home.replace('{olympiadName}', encodeURIComponent(user.olympiadName ?? ''));
}
