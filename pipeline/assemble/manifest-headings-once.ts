import type { ManifestPage } from '../../schemas/manifest.ts';
import type { PageHeading } from '../content/parsed-page.ts';

/** A page's headings as the manifest lists them, made once per distinct page so that copies share one array. */
export function manifestHeadingsOnce(): (headings: readonly PageHeading[]) => ManifestPage['headings'] {
  const made = new Map<readonly PageHeading[], ManifestPage['headings']>();
  return (headings) => {
    let listed = made.get(headings);
    if (!listed) {
      listed = headings.map(({ depth, text, anchor }) => ({ depth, text, anchor }));
      made.set(headings, listed);
    }
    return listed;
  };
}
