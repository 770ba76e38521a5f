/**
 * Whether one package-lock.json's installed tree holds every package of another: each path the other lists
 * (`node_modules/a/node_modules/b`) at the same version from the same source. When it does, the covering tree's
 * node_modules resolves every import of the other's code to the very package its lock names, so the upgrade
 * check links it instead of installing again. (The extra packages are ones the other lock does not name: only an
 * optional import, tried and skipped when missing, could find one.)
 */
interface LockEntry {
  version?: string;
  resolved?: string;
  link?: boolean;
}
interface Lock {
  packages?: Record<string, LockEntry>;
}

/** The first package of `covered` that `cover` lacks or holds otherwise, or undefined when it holds them all. */
export function uncoveredPackage(cover: Lock, covered: Lock): string | undefined {
  const have = cover.packages ?? {};
  for (const [path, entry] of Object.entries(covered.packages ?? {})) {
    if (path === '') continue; // the root: its name and workspaces, not an installed package
    const mine = have[path];
    if (!mine) return `${path} (not installed here)`;
    if (mine.version !== entry.version || mine.resolved !== entry.resolved || mine.link !== entry.link)
      return `${path} (${entry.version ?? entry.resolved} there, ${mine.version ?? mine.resolved} here)`;
  }
  return undefined;
}
