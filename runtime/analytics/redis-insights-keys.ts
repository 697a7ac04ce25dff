/**
 * The Redis keys of a domain's insights. Every key holds the domain as its hash tag (`{acme}`), so the multi-key
 * commands of one query (ZUNIONSTORE over days, the feedback script) stay in one Redis Cluster slot.
 *
 * - `groups` hash: group id → JSON `{terms, weights, representative}`; `term:<term>` sorted set: the groups holding
 *   the term, by creation time; `glast` sorted set: groups by the time a question last joined them.
 * - per UTC day `<d>`: `day:<d>` hash of counters `<scope>|<metric>` (`COUNTER_METRICS`); `rank:<d>:<scope>:questions`
 *   and `rank:<d>:<scope>:gaps` sorted sets of groups by questions and by gap questions; `gd:<d>:<scope>:<group>` hash
 *   of the group's counters (`<metric>`) and cited pages (`p|<path>`), one per scope so a query reads its scope only; `pages:<d>:<scope>` and `rated:<d>:<scope>:<up|down>` sorted sets of pages by
 *   citations (of rated answers); `dgroups:<d>` and `dscopes:<d>` sets of what the day holds, for the retention sweep.
 * - `days` sorted set of the days holding counters; `msg:<message id>` the counters' coordinates of a question, kept
 *   for `FEEDBACK_WINDOW_MS` so that feedback moves them; `comments` sorted set of comments by time.
 */
export interface InsightsKeys {
  groups: string;
  term(term: string): string;
  groupsLastJoined: string;
  day(day: string): string;
  rank(day: string, scope: string, metric: 'questions' | 'gaps'): string;
  groupDay(day: string, scope: string, group: string): string;
  pages(day: string, scope: string): string;
  ratedPages(day: string, scope: string, rating: 'up' | 'down'): string;
  dayGroups(day: string): string;
  dayScopes(day: string): string;
  days: string;
  message(messageId: string): string;
  comments: string;
  /** A scratch key of a query (deleted by the query, expiring anyway). */
  scratch(name: string): string;
}

/** How long after its question was recorded feedback still moves the question's counters (the runtime's thumbs come within minutes). */
export const FEEDBACK_WINDOW_MS = 7 * 86_400_000;

/** The keys of a domain's insights under a store's key prefix. */
export function insightsKeys(keyPrefix: string, domain: string): InsightsKeys {
  const base = `${keyPrefix}insights:{${domain}}:`;
  return {
    groups: `${base}groups`,
    term: (term) => `${base}term:${term}`,
    groupsLastJoined: `${base}glast`,
    day: (day) => `${base}day:${day}`,
    rank: (day, scope, metric) => `${base}rank:${day}:${scope}:${metric}`,
    groupDay: (day, scope, group) => `${base}gd:${day}:${scope}:${group}`,
    pages: (day, scope) => `${base}pages:${day}:${scope}`,
    ratedPages: (day, scope, rating) => `${base}rated:${day}:${scope}:${rating}`,
    dayGroups: (day) => `${base}dgroups:${day}`,
    dayScopes: (day) => `${base}dscopes:${day}`,
    days: `${base}days`,
    message: (messageId) => `${base}msg:${messageId}`,
    comments: `${base}comments`,
    scratch: (name) => `${base}tmp:${name}`,
  };
}
