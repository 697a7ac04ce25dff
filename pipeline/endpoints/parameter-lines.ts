import { fieldText, typeOf } from './schema-fields.ts';

/**
 * The lines of an operation's Parameters section, one per parameter as the platform's `ParametersConverter` keeps it:
 * `status (query, string, default "active"): Filter by status. One of: active, deleted.` — a path parameter is always
 * required, the `default` and `enum` are the schema's (else the parameter's own, where a spec writes them there). A
 * parameter without a name (an unresolved `$ref`, reported where the spec is loaded) has nothing to say.
 */
export function parameterLines(parameters: readonly Record<string, unknown>[]): string[] {
  return parameters
    .filter((parameter) => typeof parameter.name === 'string' && parameter.name !== '')
    .map((parameter) => {
      const schema = (parameter.schema ?? {}) as Record<string, unknown>;
      const defaultValue = schema.default ?? parameter.default;
      const details = [
        String(parameter.in ?? ''),
        typeOf(schema),
        parameter.required === true || parameter.in === 'path' ? 'required' : '',
        defaultValue !== undefined ? `default ${JSON.stringify(defaultValue)}` : '',
      ].filter(Boolean);
      const text = fieldText(parameter.description, Array.isArray(schema.enum) ? schema : parameter);
      return `${String(parameter.name)} (${details.join(', ')})${text === '' ? '' : `: ${text}`}`;
    });
}
