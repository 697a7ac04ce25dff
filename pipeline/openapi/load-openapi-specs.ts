import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { SiteSource } from '../site/site-source.ts';
import type { SpecReference } from '../site-model/collect-spec-references.ts';
import type { FetchRemoteText } from './fetch-remote-text.ts';
import type { LoadedSpecs } from './loaded-spec.ts';
import { readApiDocument, type DocumentWording, type ReportDocumentProblem } from './read-api-document.ts';

/** How problems reading a spec read; an unreadable spec is reported only when something names it. */
const FOUND_SPEC_WORDING: DocumentWording = {
  remoteSkipped: (target) => `Remote spec \`${target}\` was not fetched`,
  unreachable: (target, reason) => `Cannot fetch spec \`${target}\`: ${reason}`,
  missing: (target) => `Cannot find the OpenAPI spec \`${target}\``,
};
const NAMED_SPEC_WORDING: DocumentWording = {
  ...FOUND_SPEC_WORDING,
  unreadable: (target, reason) => ({
    message: `Unexpected ${reason} as OpenAPI spec \`${target}\`, expected a JSON or YAML text file`,
    hint: 'Split the spec, or point to a smaller text copy of it.',
  }),
};

/** Input of `loadOpenApiSpecs`. */
export interface LoadSpecsInput {
  /** The specs docs.json names (`SiteConfig.specReferences`); default none. */
  specReferences?: readonly SpecReference[];
  source: SiteSource;
  /** Spec files detected in the site, loaded even when docs.json names none (for frontmatter references); default none. */
  specFiles?: string[];
  /** Spec files that pages or navigation entries name (`es/openapi.json GET /x`): loaded, and their problems reported at the file; default none. */
  referencedSpecFiles?: string[];
  /**
   * Fetches remote specs and the remote documents their `$ref`s name, each URL once (the CLI's `--allow-network`
   * fetcher). Default: none; a remote spec is a `remote-spec-skipped` warning, a remote `$ref` a `spec-reference` one.
   */
  fetchRemote?: FetchRemoteText;
  /** Position of a docs.json pointer, for diagnostics about named specs (default: `docs.json` 0:0). */
  locate?: (pointer: string) => { file: string; line: number; column: number };
}

/**
 * Loads every OpenAPI 3.0/3.1 spec the site names (api.openapi, `openapi` on navigation elements)
 * or holds, parses JSON or YAML from memory and dereferences it with swagger-parser; `$ref`s to other files
 * of the site are read from the SiteSource, never from disk, and remote ones only through `fetchRemote`. Broken
 * specs become diagnostics, never throws.
 */
export async function loadOpenApiSpecs(
  input: LoadSpecsInput,
): Promise<{ specs: LoadedSpecs; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const specs: LoadedSpecs = new Map();
  const locate = input.locate ?? (() => ({ file: 'docs.json', line: 0, column: 0 }));
  const named = new Map<string, SpecReference>();
  for (const reference of input.specReferences ?? [])
    if (!named.has(reference.file)) named.set(reference.file, reference);
  const referenced = new Set(input.referencedSpecFiles ?? []);
  const targets = [...new Set([...named.keys(), ...referenced, ...(input.specFiles ?? [])])];
  const fetchRemote = input.fetchRemote && fetchingOnce(input.fetchRemote);
  for (const target of targets) {
    const reference = named.get(target);
    const report: ReportDocumentProblem = (severity, ruleId, message, hint) => {
      const position = reference?.pointer
        ? { ...locate(reference.pointer), pointer: reference.pointer }
        : { file: target, line: 0, column: 0 };
      diagnostics.push({ ...position, severity, ruleId, message, ...(hint ? { hint } : {}) });
    };
    const text = await readApiDocument(
      target,
      input.source,
      fetchRemote,
      reference || referenced.has(target) ? NAMED_SPEC_WORDING : FOUND_SPEC_WORDING,
      report,
    );
    if (text === undefined) continue;
    const isNamed = reference !== undefined || referenced.has(target);
    try {
      // swagger-parser and its schemas are imported only by sites that have a spec (~50 ms of a build's start-up).
      const { loadSpec } = await import('./load-spec.ts');
      const loaded = await loadSpec(target, text, {
        source: input.source,
        diagnostics,
        named: isNamed,
        ...(fetchRemote ? { fetchRemote } : {}),
      });
      if (loaded) specs.set(target, loaded);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      diagnostics.push({
        file: target,
        line: 1,
        column: 1,
        severity: isNamed ? 'error' : 'warning',
        ruleId: 'invalid-spec',
        message: 'Unexpected spec nested too deep to read, expected a JSON or YAML document of ordinary depth',
      });
    }
  }
  return { specs, diagnostics };
}

/** A fetcher that asks for each URL once (specs of one site often share remote documents). */
function fetchingOnce(fetchRemote: FetchRemoteText): FetchRemoteText {
  const fetched = new Map<string, Promise<string>>();
  return (url) => {
    let text = fetched.get(url);
    if (!text) fetched.set(url, (text = fetchRemote(url)));
    return text;
  };
}
