import type { AnyManifest, ManifestPage } from './manifest.ts';

/** Every page of a manifest of either format with its own description and headings, as format 1 listed them. */
export function expandManifestPages(manifest: AnyManifest): ManifestPage[] {
  if (manifest.formatVersion === 1) return manifest.pages;
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
