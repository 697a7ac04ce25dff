import { slugToTitle } from '../site-model/slug-to-title.ts';
import type { SpecOperation } from './loaded-spec.ts';

/**
 * The title of the page generated for an operation at `route`: its spec title (`specTitle`), else the title of the
 * route's last segment, as the platform's generator titles it (`generateOpenApiPages`: `slugToTitle` of the file
 * name, which is the summary's words, else the method and the path without its parameters, `-1` and all):
 * `GET /token/{id}/image` at `…/get-token-image` is `Get token image`.
 */
export function endpointTitle(operation: SpecOperation, route: string): string {
  return specTitle(operation) ?? slugToTitle(route);
}

/**
 * The title the spec gives an operation: its `x-mint.metadata.title`, else the summary of a path operation, else
 * undefined — the page is then titled from its file name, as the platform titles it (`getDecoratedNavPageAndSlug`:
 * the summary `getOpenApiTitleAndDescription` finds, else `slugToTitle`). A webhook's summary titles nothing: the
 * platform looks the operation up among the spec's `paths` only, so a webhook page is titled from its file name.
 */
export function specTitle(operation: SpecOperation): string | undefined {
  return xMintString(operation, 'metadata', 'title') ?? (operation.webhook ? undefined : operation.summary);
}

/** A string member of the operation's `x-mint` extension (`content`, or a member of `metadata`); undefined when absent or blank. */
export function xMintString(
  operation: SpecOperation,
  key: 'metadata' | 'content',
  member?: string,
): string | undefined {
  const xMint = operation.operation['x-mint'];
  if (!xMint || typeof xMint !== 'object') return undefined;
  let value = (xMint as Record<string, unknown>)[key];
  if (member !== undefined)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[member] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
