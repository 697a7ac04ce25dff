import type { SiteSource, SkippedFile } from './site-source.ts';

/** Largest page or spec file the pipeline reads, in bytes (the CLI reader uses the same default). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * How far a file is sniffed for NUL bytes to call it binary (git's rule): a text page with a stray NUL further
 * down (text pasted from a PDF) stays a page; the Markdown parser replaces the NUL with U+FFFD.
 */
export const BINARY_SNIFF_BYTES = 8000;

/**
 * Why a file of the site cannot be used as text, or undefined when it can: `binary file` (a NUL byte among its
 * first `BINARY_SNIFF_BYTES`) or `file larger than N MB`. Covers files the reader skipped and files handed in memory.
 */
export function unreadableFileReason(source: SiteSource, file: string, maxBytes = MAX_FILE_BYTES): string | undefined {
  const skipped = source.skippedFiles?.get(file);
  if (skipped) return describeSkippedFile(skipped);
  const text = source.files.get(file);
  if (text === undefined) return undefined;
  if (text.slice(0, BINARY_SNIFF_BYTES).includes('\u0000')) return 'binary file';
  if (text.length * 3 > maxBytes && Buffer.byteLength(text, 'utf8') > maxBytes)
    return `file larger than ${formatMegabytes(maxBytes)}`;
  return undefined;
}

/** Why a symbolic link that leaves the site folder is not read (`describeSkippedFile`). */
export const OUTSIDE_SITE_REASON = 'symbolic link to a file outside the site folder';

/** `binary file`, `file larger than 10 MB` or `OUTSIDE_SITE_REASON` for a file the reader skipped. */
export function describeSkippedFile(skipped: SkippedFile): string {
  if (skipped.reason === 'outside-site') return OUTSIDE_SITE_REASON;
  return skipped.reason === 'binary' ? 'binary file' : `file larger than ${formatMegabytes(skipped.limitBytes)}`;
}

function formatMegabytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  const megabytes = bytes / 1024 / 1024;
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}
