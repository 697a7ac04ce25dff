import { problemFromFailure, problemFromResponse, type AssistantProblem } from './assistant-problem.ts';
import { assistantUrl, type ChatTarget } from './chat-session.ts';

/** Where a reader who did not get an answer can turn. */
export interface SupportContact {
  email?: string;
  url?: string;
}

/** What `GET /v1/assistant/{domain}/settings` answers: the site's name and colours, and the operator's settings. */
export interface SiteSettings {
  name: string;
  /** docs.json `colors`: `primary` for light mode, `light` for dark mode. */
  colors: { primary?: string; light?: string; dark?: string };
  starterQuestions: string[];
  /** Starter questions for pages under a path prefix (`/api`), instead of `starterQuestions`. */
  starterQuestionsByPath: Record<string, string[]>;
  support?: SupportContact;
}

/** The site's settings, or the problem that kept them away (a bad key says so here, before any question). */
export async function fetchSiteSettings(target: ChatTarget): Promise<SiteSettings | AssistantProblem> {
  try {
    const response = await fetch(assistantUrl(target, 'v1', 'settings'), {
      headers: { authorization: `Bearer ${target.key}` },
    });
    if (!response.ok) return await problemFromResponse(response);
    return (await response.json()) as SiteSettings;
  } catch (error) {
    return problemFromFailure(error, navigator.onLine);
  }
}

/** Whether a settings fetch answered with settings (not a problem). */
export function isSiteSettings(value: SiteSettings | AssistantProblem): value is SiteSettings {
  return 'colors' in value;
}

/**
 * The starter questions of a page: those of the longest path prefix that contains `pathname` (whole segments:
 * `/api` holds `/api/users`, not `/apis`), else the site's; at most three.
 */
export function starterQuestionsFor(
  settings: Pick<SiteSettings, 'starterQuestions' | 'starterQuestionsByPath'>,
  pathname: string,
): string[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: { length: number; questions: string[] } | undefined;
  for (const [prefix, questions] of Object.entries(settings.starterQuestionsByPath)) {
    const normalised = `/${prefix.replace(/^\/+|\/+$/g, '')}`;
    const holds = normalised === '/' || path === normalised || path.startsWith(`${normalised}/`);
    if (holds && (!best || normalised.length > best.length)) best = { length: normalised.length, questions };
  }
  return (best?.questions ?? settings.starterQuestions).slice(0, 3);
}
