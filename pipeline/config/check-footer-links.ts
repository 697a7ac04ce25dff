import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ConfigPosition } from './config-position.ts';
import { show } from './schema-error-wording.ts';

/** File endings the platform's validator refuses at the end of a footer link's path (`secureHrefSchema`). */
const REFUSED_ENDING = /\.(?:svg|exe|zip)$/i;

/** Why the platform's validator refuses a footer link `href` ("its `http:` scheme") and what to do, or undefined when it takes it. */
function refusal(href: string): { why: string; fix: string } | undefined {
  const useHttps = 'write the link with `https://`';
  if (href.startsWith('//')) return { why: 'no scheme', fix: useHttps };
  if (href.startsWith('/') || href.startsWith('#') || /^mailto:/i.test(href)) return undefined;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return { why: `its \`${url.protocol}\` scheme`, fix: useHttps };
  if (REFUSED_ENDING.test(url.pathname))
    return {
      why: `its \`${/\.\w+$/.exec(url.pathname)?.[0] ?? ''}\` file ending`,
      fix: 'link to the page that offers the file',
    };
  return undefined;
}

/**
 * Warns about a `footer.links[].items[].href` the platform's validator refuses (`secureHrefSchema` of
 * `@mintlify/validation`: only `/…`, `#…`, `mailto:` and `https:` URLs not ending in `.svg`, `.exe` or `.zip`). A
 * warning, not an error: sites written so are live, and docsmith keeps the link as written.
 */
export function checkFooterLinks(footer: unknown, locate: (pointer: string) => ConfigPosition): Diagnostic[] {
  const columns = (footer as { links?: unknown } | null | undefined)?.links;
  if (!Array.isArray(columns)) return [];
  return columns.flatMap((column: unknown, columnIndex): Diagnostic[] => {
    const items = (column as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) return [];
    return items.flatMap((item: unknown, itemIndex): Diagnostic[] => {
      const href = (item as { href?: unknown } | null)?.href;
      const refused = typeof href === 'string' ? refusal(href) : undefined;
      if (refused === undefined) return [];
      const pointer = `/footer/links/${columnIndex}/items/${itemIndex}/href`;
      return [
        {
          ...locate(pointer),
          pointer,
          severity: 'warning',
          ruleId: 'footer-link-refused',
          message: `Unexpected footer link ${show(href)} (${refused.why}), expected an \`https:\` URL, a path, \`#anchor\` or \`mailto:\``,
          hint: `The platform's validator refuses this docs.json ("Must be a valid url or relative path"): ${refused.fix}.`,
        },
      ];
    });
  });
}
