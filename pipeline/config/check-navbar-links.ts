import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ConfigPosition } from './config-position.ts';

/** The navbar link types the platform documents: a link shown with that service's icon. */
const NAVBAR_LINK_TYPES = new Set(['github', 'discord']);

/**
 * Warns about a `navbar.links` entry whose `type` is not one the platform documents (`github`, `discord`): the
 * platform deploys such sites and shows the entry as a standard link (Box's docs write `"type": "button"`), so the
 * link is kept as written instead of failing the build.
 */
export function checkNavbarLinks(navbar: unknown, locate: (pointer: string) => ConfigPosition): Diagnostic[] {
  const links = (navbar as { links?: unknown } | null | undefined)?.links;
  if (!Array.isArray(links)) return [];
  return links.flatMap((link: unknown, index): Diagnostic[] => {
    const type = (link as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || NAVBAR_LINK_TYPES.has(type)) return [];
    const pointer = `/navbar/links/${index}/type`;
    return [
      {
        ...locate(pointer),
        pointer,
        severity: 'warning',
        ruleId: 'navbar-link-type',
        message: `Unexpected navbar link type \`${type}\`, expected \`github\` or \`discord\``,
        hint: 'The link is shown as a standard link. Remove `type` for a plain link, or use `navbar.primary` with `"type": "button"` for a call-to-action button.',
      },
    ];
  });
}
