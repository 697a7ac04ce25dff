import pc from 'picocolors';
import type { Diagnostic } from '../../pipeline/diagnostics/diagnostic.ts';
import { formatDiagnostics } from '../../pipeline/diagnostics/format-diagnostics.ts';
import type { BuildEvent } from './build-event-stream.ts';
import type { DevBuild } from './dev-site-builder.ts';

/** Options of `devBuildReport`. */
export interface DevBuildReportOptions {
  /** The site paths whose change started the build (none for the first build). */
  changed: readonly string[];
  /** When the build finished, shown as the time of day (local time). */
  at: Date;
  color?: boolean;
}

/** Errors listed in the playground when a save breaks the build; the terminal lists them all. */
const PLAYGROUND_ERRORS = 20;

/**
 * What `docsmith dev` says of a build: in the terminal, one status line, the diagnostics the build before did not
 * have (in `validate`'s format) and the ones it fixed; to the playground, the state and a short text (the errors of a
 * failed build).
 */
export function devBuildReport(
  build: DevBuild,
  options: DevBuildReportOptions,
): { terminal: string; event: BuildEvent } {
  const { colors, time, counts, served } = statusParts(build, options);
  const seconds = `${(build.milliseconds / 1000).toFixed(2)} s`;
  const what =
    options.changed.length === 0
      ? `built ${count(build.stats.pages, 'page')}`
      : `${describeChanged(options.changed)} → rebuilt`;
  const parsed = `${count(build.parsedPages, 'page')} parsed`;
  const status =
    build.status === 'failed'
      ? `${time} ${what} in ${seconds} (${parsed}): ${colors.red(counts)}; still serving ${served}`
      : `${time} ${what} in ${seconds} (${parsed}): ${build.status === 'unchanged' ? 'no change, ' : ''}serving ${served} · ${build.stats.warnings > 0 ? colors.yellow(counts) : colors.green(counts)}`;
  const lines = [status];
  if (build.change.added.length > 0)
    lines.push(formatDiagnostics(build.change.added, { color: options.color ?? false, summary: false }));
  for (const fixed of build.change.cleared)
    lines.push(colors.green(`✔ fixed  ${fixed.file}  ${fixed.message}  ${colors.dim(fixed.ruleId)}`));
  return { terminal: lines.join('\n'), event: buildEvent(build, time, counts) };
}

/**
 * What `docsmith dev` says of a save that changed no file's content (the same bytes saved again, a `touch`): one
 * status line naming the build still served, as after a build, and no build run.
 */
export function unchangedSaveReport(
  last: DevBuild,
  options: DevBuildReportOptions,
): { terminal: string; event: BuildEvent } {
  const { colors, time, counts, served } = statusParts(last, options);
  const failed = last.status === 'failed';
  const shown = failed ? colors.red(counts) : last.stats.warnings > 0 ? colors.yellow(counts) : colors.green(counts);
  return {
    terminal: `${time} ${describeChanged(options.changed)} → same content, nothing rebuilt: ${failed ? 'still ' : ''}serving ${served} · ${shown}`,
    event: buildEvent(last, time, counts),
  };
}

/** What every status line of a build says: its colours, the time of day, the counts of diagnostics, the build served. */
function statusParts(build: DevBuild, options: DevBuildReportOptions) {
  return {
    colors: pc.createColors(options.color ?? false),
    time: options.at.toTimeString().slice(0, 8),
    counts: `${count(build.stats.errors, 'error')}, ${count(build.stats.warnings, 'warning')}`,
    served: build.servedBuildId ? `build ${build.servedBuildId}` : 'nothing yet',
  };
}

function buildEvent(build: DevBuild, time: string, counts: string): BuildEvent {
  if (build.status !== 'failed')
    return {
      state: 'ready',
      text: `${time} · serving build ${build.servedBuildId} · ${count(build.stats.pages, 'page')} · ${counts}`,
    };
  const errors = build.diagnostics.filter((diagnostic: Diagnostic) => diagnostic.severity === 'error');
  const shown = formatDiagnostics(errors.slice(0, PLAYGROUND_ERRORS), { summary: false });
  const more =
    errors.length > PLAYGROUND_ERRORS ? `\n… and ${errors.length - PLAYGROUND_ERRORS} more in the terminal` : '';
  const serving = build.servedBuildId ? `still serving build ${build.servedBuildId}` : 'nothing served until it builds';
  return { state: 'failed', text: `${time} · the last save has ${counts}; ${serving}\n\n${shown}${more}` };
}

function describeChanged(changed: readonly string[]): string {
  return changed.length <= 3 ? changed.join(', ') : `${changed.slice(0, 2).join(', ')} and ${changed.length - 2} more`;
}

/** `1 error`, `2 errors`. */
function count(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}
