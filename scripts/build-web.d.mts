import type { Metafile } from 'esbuild';

/** One bundled browser file. */
export interface WebFile {
  name: string;
  contents: Uint8Array;
}
/** Bundles the widget's loader, shell and chat (content-hashed names) and the playground in memory (see the script's header). */
export declare function bundleWeb(
  esbuild: typeof import('esbuild'),
): Promise<{ files: WebFile[]; widgetMetafiles: Metafile[] }>;
/** A file's brotli (best) and gzip (level 9) forms. */
export declare function compressedForms(contents: Uint8Array): { br: Buffer; gz: Buffer };
