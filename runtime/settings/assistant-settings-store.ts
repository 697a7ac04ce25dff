import { readFileSync, statSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import assistantSettingsSchema from '../../schemas/assistant-settings.schema.json' with { type: 'json' };

/** The operator's settings of one site (schemas/assistant-settings.schema.json `siteSettings`). */
export interface SiteAssistantSettings {
  /** Up to three questions offered on the empty panel (default: none). */
  starterQuestions?: string[];
  /** Starter questions for the pages under a path prefix; the longest prefix wins. */
  starterQuestionsByPath?: Record<string, string[]>;
  /** Shown when the assistant could not answer. */
  support?: { email?: string; url?: string };
}

/** The whole settings file (schemas/assistant-settings.schema.json). */
export interface AssistantSettingsFile {
  default?: SiteAssistantSettings;
  domains?: Record<string, SiteAssistantSettings>;
}

/** Thrown when the settings file exists but is not valid: the reason names the member, e.g. `/domains/acme/starterQuestions`. */
export class AssistantSettingsError extends Error {
  override name = 'AssistantSettingsError';
}

/** The assistant settings of the sites, from a file that a running server re-reads when it changes. */
export interface AssistantSettingsStore {
  /** A site's settings: its own entry over `default`, field by field (none when the file does not exist). */
  forDomain(domain: string): SiteAssistantSettings;
}

/** Options of `createAssistantSettingsStore`. */
export interface AssistantSettingsStoreOptions {
  file: string;
  /** How often (ms) the file is checked for changes (default 1000). */
  reloadCheckMs?: number;
  /** Told when a changed file is not valid; the last good settings stay (default: ignored). */
  onInvalidReload?: (error: AssistantSettingsError) => void;
}

const validate = new Ajv({ allErrors: false, strict: true, verbose: true }).compile<AssistantSettingsFile>(
  assistantSettingsSchema,
);

/**
 * Opens the settings file. A missing file is no settings; an invalid one throws AssistantSettingsError at open (so
 * `serve` refuses to start on a typo) and, when it turns invalid later, keeps the last good settings.
 */
export function createAssistantSettingsStore(options: AssistantSettingsStoreOptions): AssistantSettingsStore {
  const reloadCheckMs = options.reloadCheckMs ?? 1000;
  let settings: AssistantSettingsFile = {};
  let loadedMtime = -1;
  let lastCheck = 0;
  const load = (): void => {
    const mtime = statSync(options.file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtime === loadedMtime) return;
    loadedMtime = mtime;
    settings = mtime === 0 ? {} : readSettingsFile(options.file);
  };
  load();
  return {
    forDomain(domain) {
      const now = Date.now();
      if (now - lastCheck >= reloadCheckMs) {
        lastCheck = now;
        try {
          load();
        } catch (error) {
          options.onInvalidReload?.(error as AssistantSettingsError);
        }
      }
      return { ...settings.default, ...settings.domains?.[domain] };
    },
  };
}

/** Reads and validates a settings file; AssistantSettingsError says what is wrong and where. */
export function readSettingsFile(file: string): AssistantSettingsFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AssistantSettingsError(
      `${file}: ${error instanceof SyntaxError ? `not valid JSON (${error.message})` : (error as Error).message}`,
    );
  }
  if (!validate(data)) throw new AssistantSettingsError(`${file}: ${describeError(validate.errors?.[0])}`);
  return data;
}

function describeError(error: ErrorObject | undefined): string {
  if (!error) return 'not valid';
  const where = error.instancePath || '(the top level)';
  const extra = (error.params as { additionalProperty?: string }).additionalProperty;
  const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {}).filter(
    (name) => name !== '$schema',
  );
  if (extra) return `unexpected member "${extra}" in ${where}, expected one of ${known.join(', ')}`;
  const subject = error.propertyName === undefined ? where : `the key "${error.propertyName}" of ${where}`;
  const expected =
    error.keyword === 'pattern' ? (error.parentSchema as { description?: string } | undefined)?.description : undefined;
  return expected
    ? `${subject} is not valid, expected ${expected.charAt(0).toLowerCase()}${expected.slice(1).replace(/\.$/, '')}`
    : `${subject} ${error.message ?? 'is not valid'}`;
}
