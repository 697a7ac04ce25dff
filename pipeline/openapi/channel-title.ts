import type { AsyncApiChannel } from './asyncapi-channel.ts';

/**
 * A channel page's title as the platform's scraper gives it: the channel's `title`, else its id in sentence case
 * (`priceUpdates` → `Price updates`, `camelToSentenceCase` of `@mintlify/common`).
 */
export function channelTitle(channel: AsyncApiChannel): string {
  const title = channel.title ?? channel.id;
  return title === channel.id ? camelToSentenceCase(title) : title;
}

/** `priceUpdates` → `Price updates`: split before capitals, lower-cased, the first word capitalised. */
function camelToSentenceCase(text: string): string {
  return text
    .split(/(?=[A-Z])/)
    .map((word, index) =>
      index === 0 ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() : word.toLowerCase(),
    )
    .join(' ');
}
