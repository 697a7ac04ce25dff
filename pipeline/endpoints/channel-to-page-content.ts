import { createHash } from 'node:crypto';
import { AnchorSlugger } from '../content/anchor-slugger.ts';
import type { PageHeading, PageSection } from '../content/parsed-page.ts';
import type { AsyncApiChannel, AsyncApiMessage, AsyncApiMessageGroup } from '../openapi/asyncapi-channel.ts';
import { channelTitle } from '../openapi/channel-title.ts';
import { descriptionLines, descriptionText } from './description-text.ts';
import type { EndpointContent } from './operation-to-endpoint-content.ts';
import { schemaFields } from './schema-fields.ts';

/** The heading of each direction's messages, as the platform's websocket page labels them. */
const DIRECTION_HEADINGS: Record<AsyncApiMessageGroup['direction'], string> = {
  send: 'Send',
  receive: 'Receive',
  message: 'Messages',
};

/**
 * Renders an AsyncAPI channel as page content for the index, with what the platform's websocket page shows in words: an
 * intro (`Channel <address>`, the server URLs, summary, description), Parameters and Bindings sections, then one
 * section per direction (Send, Receive; Messages when no operation names the channel) with each message's name,
 * title, summary and description and its payload's fields, one line each as endpoint pages list them (`schemaFields`).
 */
export function channelToPageContent(channel: AsyncApiChannel): EndpointContent {
  const slugger = new AnchorSlugger();
  const headings: PageHeading[] = [];
  const intro = [
    `Channel ${channel.address ?? channel.id}`,
    ...channel.servers.map((server) => `Server: ${server}`),
    ...(channel.summary ? [channel.summary] : []),
    ...descriptionLines(channel.description),
  ];
  const sections: PageSection[] = [{ anchor: '', headingPath: [], text: intro.join('\n') }];
  const addSection = (heading: string, lines: string[]): void => {
    if (lines.length === 0) return;
    const anchor = slugger.slug(heading);
    headings.push({ depth: 2, text: heading, anchor, line: 0 });
    sections.push({ anchor, headingPath: [heading], text: lines.join('\n') });
  };
  addSection(
    'Parameters',
    channel.parameters.map(({ name, description }) => (description ? `${name}: ${clean(description)}` : name)),
  );
  addSection('Bindings', channel.bindings);
  for (const group of channel.messageGroups)
    addSection(DIRECTION_HEADINGS[group.direction], group.messages.flatMap(messageLines));

  // The title is left out, as for content pages: a title-only change is a retitled page, not a changed one.
  const contentHash = createHash('sha256').update(JSON.stringify(sections)).digest('hex');
  const description = descriptionText(channel.description ?? channel.summary);
  return {
    title: channelTitle(channel),
    ...(description ? { description: clean(description) } : {}),
    headings,
    sections,
    contentHash,
  };
}

/** A message's lines: `Message PriceTick: One price tick.` (its name, title, summary, description), then its payload's fields. */
function messageLines(message: AsyncApiMessage): string[] {
  const label = message.name ?? message.title ?? 'message';
  const about = [message.name === undefined ? undefined : message.title, message.summary, message.description]
    .filter((text) => text !== undefined)
    .map(clean)
    .join(' ');
  return [`Message ${label}${about ? `: ${about}` : ''}`, ...(message.payload ? schemaFields(message.payload) : [])];
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
