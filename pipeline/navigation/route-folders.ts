/**
 * Every folder that holds a route (`a/b/c` gives `a` and `a/b`). The platform sends a request for a folder to the
 * first navigation page under it (hidden pages excluded), so a link or redirect to one reaches a page.
 */
export function routeFolders(routes: Iterable<string>): ReadonlySet<string> {
  const folders = new Set<string>();
  for (const route of routes) {
    for (let slash = route.indexOf('/'); slash !== -1; slash = route.indexOf('/', slash + 1))
      folders.add(route.slice(0, slash));
  }
  return folders;
}
