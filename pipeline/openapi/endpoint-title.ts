import type { SpecOperation } from './loaded-spec.ts';

/** The title of a page generated for an operation: its spec title (`specTitle`), else a title made from its method and path. */
export function endpointTitle(operation: SpecOperation): string {
  return specTitle(operation) ?? titleFromOperation(operation);
}

/**
 * The title the spec gives an operation: its `x-mint.metadata.title`, else its summary, else undefined — an MDX page
 * naming the operation is then titled from its file name, as the platform titles it (`getDecoratedNavPageAndSlug`:
 * the summary, else `slugToTitle`).
 */
export function specTitle(operation: SpecOperation): string | undefined {
  return xMintString(operation, 'metadata', 'title') ?? operation.summary;
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

/** A readable title for an operation without summary: `POST /users/{id}` → `Post users id`. */
export function titleFromOperation(operation: SpecOperation): string {
  const words = operation.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join(' ');
  const title = `${operation.webhook ? 'webhook' : operation.method.toLowerCase()} ${words}`.trim();
  return title.charAt(0).toUpperCase() + title.slice(1);
}
