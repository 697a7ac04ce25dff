import { describe, expect, it } from 'vitest';
import { readConversation } from '../../runtime/assistant/read-conversation.ts';

describe('readConversation', () => {
  it('reads a message’s text parts when its content is blank, and its content when it has text', () => {
    const conversation = readConversation({
      fp: 'fp',
      messages: [
        { id: '1', role: 'user', content: 'How do I install the CLI?', parts: [{ type: 'text', text: 'ignored' }] },
        { id: '2', role: 'assistant', content: '', parts: [{ type: 'text', text: 'Run npm i -g relay.' }] },
        { id: '3', role: 'user', content: ' ', parts: [{ type: 'text', text: 'And on Windows?' }] },
      ],
    });
    expect(conversation).toEqual({
      question: 'And on Windows?',
      previousQuestion: 'How do I install the CLI?',
      previousAnswer: 'Run npm i -g relay.',
      previousAnswerId: '2',
    });
  });
});
