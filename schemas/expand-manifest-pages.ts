import type { Manifest, ManifestPage } from './manifest.ts';

/** Every page of a manifest with its own description and headings (its record joined with its `contents` entry). */
export function expandManifestPages(manifest: Manifest): ManifestPage[] {
  return manifest.pages.map(({ content: contentIndex, operation, ...record }) => {
    const content = manifest.contents[contentIndex];
    return {
      ...record,
      ...(content?.description === undefined ? {} : { description: content.description }),
      headings: content?.headings ?? [],
      ...(operation ? { operation } : {}),
    };
  });
}
