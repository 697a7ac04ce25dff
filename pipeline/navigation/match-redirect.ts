/** A redirect of docs.json with its default applied. */
export interface Redirect {
  source: string;
  destination: string;
  permanent: boolean;
}

const compiled = new WeakMap<Redirect, RegExp>();

/**
 * Finds the redirect that applies to a route (with or without leading slash) and its destination with
 * wildcards substituted: `:name` matches one segment, `:name*` the rest of the path (also none: `/old/:slug*` takes
 * `/old`), `*` the rest of the path after its slash but never the bare folder (`/old/*` leaves `/old` to its own
 * redirect or page, as the platform's redirects do). A source
 * with an `#anchor` or a `?query` never applies: the platform documents that redirects cannot include them (and
 * browsers never send the anchor).
 */
export function matchRedirect(
  redirects: readonly Redirect[],
  route: string,
): { destination: string; permanent: boolean } | undefined {
  const path = normalize(route);
  for (const redirect of redirects) {
    if (hasAnchorOrQuery(redirect.source)) continue;
    const match = patternOf(redirect).exec(path);
    if (!match) continue;
    const groups = match.groups ?? {};
    const destination = redirect.destination.replace(/:([A-Za-z_]\w*)\*?|\*/g, (token, name?: string) =>
      name ? (groups[name] ?? '') : (groups.splat ?? ''),
    );
    return { destination: destination.replace(/(?<!:)\/{2,}/g, '/'), permanent: redirect.permanent };
  }
  return undefined;
}

/** Whether a redirect source uses a wildcard (`:param`, `:param*` or `*`). */
export function isWildcardSource(source: string): boolean {
  return /:[A-Za-z_]\w*|\*/.test(source);
}

/** Whether a redirect source carries an `#anchor` or a `?query`, which the platform's redirects cannot match. */
export function hasAnchorOrQuery(source: string): boolean {
  return /[#?]/.test(source);
}

function patternOf(redirect: Redirect): RegExp {
  let pattern = compiled.get(redirect);
  if (!pattern) {
    const source = normalize(redirect.source);
    const body = source
      .split(/(:[A-Za-z_]\w*\*?|\*)/)
      .map((part) => {
        if (part === '*') return '(?<splat>.+)';
        const parameter = /^:([A-Za-z_]\w*)(\*?)$/.exec(part);
        if (parameter) return parameter[2] ? `(?<${parameter[1]}>.*)` : `(?<${parameter[1]}>[^/]+)`;
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    // A named rest parameter after a slash may be empty, slash included (`/old/:slug*` matches `/old`).
    pattern = new RegExp(`^${body.replace(/\/\(\?<(\w+)>\.\*\)/g, '(?:/(?<$1>.*))?')}$`);
    compiled.set(redirect, pattern);
  }
  return pattern;
}

function normalize(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? '';
  return `/${withoutQuery.replace(/^\/+/, '').replace(/\/+$/, '')}`;
}
