import type { AsyncApiChannel } from '../openapi/asyncapi-channel.ts';
import { slugify } from './slugify.ts';

/** The navigation group of channels without a tag, as the platform names it (`DEFAULT_WEBSOCKETS_GROUP_NAME`). */
const UNTAGGED_CHANNEL_GROUP = 'Websockets';

/** The navigation group a channel's page is generated in: its first tag's name, else `Websockets`. */
export function channelGroup(channel: AsyncApiChannel): string {
  return channel.tags[0] ?? UNTAGGED_CHANNEL_GROUP;
}

/**
 * The route of a channel's generated page before collision suffixes, as the platform's scraper derives it:
 * `<directory or api-reference>/<slug of its group>/<slug of its title, else its id>` (`ws/account/account-balance`).
 */
export function channelSlug(channel: AsyncApiChannel, directory = 'api-reference'): string {
  return [directory, slugify(channelGroup(channel)), slugify(channel.title ?? channel.id) || 'channel']
    .filter(Boolean)
    .join('/');
}
