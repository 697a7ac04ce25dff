import type { SecurityRequirement, SecuritySchemeUse } from '../openapi/loaded-spec.ts';
import { descriptionLines } from './description-text.ts';

/** Most security requirements (the platform's options) shown for one operation; further ones are left out. */
const MAX_AUTHORIZATION_OPTIONS = 10;

/** What the platform's API page says of a bearer, basic or OAuth 2.0 scheme without a description of its own. */
const DEFAULT_DESCRIPTIONS: Record<string, string> = {
  bearer: 'Bearer authentication header of the form Bearer <token>, where <token> is your auth token.',
  basic:
    'Basic authentication header of the form Basic <encoded-value>, where <encoded-value> is the base64-encoded string username:password.',
  oauth2: 'The access token received from the authorization server in the OAuth 2.0 flow.',
};
/** Where an `apiKey` scheme may put its key. */
const API_KEY_LOCATIONS = new Set(['header', 'query', 'cookie']);

/** The request field a scheme adds: the header, query parameter or cookie that carries the credential. */
interface AuthorizationField {
  name: string;
  location: string;
  /** `bearer` or `basic` for an http scheme, `oauth2`, else `string` (an API key). */
  type: string;
  /** The scheme's description as lines (paragraphs, code blocks), then the scopes asked for. */
  description: string[];
}

/**
 * The blocks of an operation's Authorizations section, one per credential a request carries, written like a
 * parameter: `Authorization (header, bearer, required): Bearer authentication header of the form Bearer <token>, …`.
 * Each scheme gives the field the platform's `SecurityConverter.addSecurityParameters` gives (an `apiKey`'s name where
 * it says; an http `bearer`/`basic` or `oauth2` scheme's `Authorization` header; `openIdConnect` nothing), with its
 * description — its first paragraph on the field's line, further paragraphs and code blocks on lines of their own — or
 * else the one the platform's page shows, then the scopes the requirement asks for (`Scopes: a, b.`). Several
 * requirements are the platform's options (any one authorizes): each field is labelled `option <scheme names joined
 * by " & ">`. An empty requirement (`{}`) makes the others optional: their fields are not `required`. None: no blocks.
 */
export function authorizationLines(requirements: readonly SecurityRequirement[] | undefined): string[] {
  if (requirements === undefined) return [];
  const optional = requirements.some((requirement) => requirement.length === 0);
  const options = requirements
    .slice(0, MAX_AUTHORIZATION_OPTIONS)
    .map((requirement) => ({
      title: requirement.map((use) => use.name).join(' & '),
      fields: requirementFields(requirement),
    }))
    .filter((option) => option.fields.length > 0);
  const labelled = options.length > 1;
  return options.flatMap(({ title, fields }) =>
    fields.map((field) => {
      const details = [field.location, field.type, optional ? '' : 'required', labelled ? `option ${title}` : ''];
      const line = `${field.name} (${details.filter(Boolean).join(', ')})`;
      const [first, ...rest] = field.description;
      // A description that opens with a code block starts on the next line, where its fence is a fence.
      if (first === undefined) return line;
      return /^(```|~~~)/.test(first) ? [line, first, ...rest].join('\n') : [`${line}: ${first}`, ...rest].join('\n');
    }),
  );
}

/** The fields of one requirement's schemes; two schemes that set the same field keep the last, as on the platform. */
function requirementFields(requirement: SecurityRequirement): AuthorizationField[] {
  const fields = new Map<string, AuthorizationField>();
  for (const use of requirement) {
    const field = authorizationField(use);
    if (field) fields.set(`${field.location} ${field.name}`, field);
  }
  return [...fields.values()];
}

/** The field one scheme adds, or `undefined` for a scheme the platform shows nothing for (or that the spec does not define). */
function authorizationField(use: SecuritySchemeUse): AuthorizationField | undefined {
  const scheme = use.scheme;
  if (!scheme) return undefined;
  // A description's paragraphs and code blocks stay lines of their own (a `curl -H …` example stays a code block).
  const own = descriptionLines(scheme.description);
  const scopes = use.scopes.length > 0 ? [`Scopes: ${use.scopes.join(', ')}.`] : [];
  const described = (fallback?: string): string[] => [
    ...(own.length > 0 ? own : fallback ? [fallback] : []),
    ...scopes,
  ];
  if (scheme.type === 'apiKey') {
    const location = String(scheme.in);
    if (typeof scheme.name !== 'string' || scheme.name === '' || !API_KEY_LOCATIONS.has(location)) return undefined;
    return { name: scheme.name, location, type: 'string', description: described() };
  }
  if (scheme.type === 'http') {
    // The scheme name is case-insensitive (RFC 7235); the platform compares it as written.
    const kind = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : '';
    if (kind !== 'bearer' && kind !== 'basic') return undefined;
    return {
      name: 'Authorization',
      location: 'header',
      type: kind,
      description: described(DEFAULT_DESCRIPTIONS[kind]),
    };
  }
  if (scheme.type === 'oauth2') {
    return {
      name: 'Authorization',
      location: 'header',
      type: 'oauth2',
      description: described(DEFAULT_DESCRIPTIONS.oauth2),
    };
  }
  return undefined;
}
