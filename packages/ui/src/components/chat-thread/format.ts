import type { ChatMessage } from './types';

/** Calendar day of an instant in `timeZone` (YYYY-MM-DD), to group messages under separators. */
export function dayKey(iso: string, timeZone?: string) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

function imageCount(n: number) {
  return n === 1 ? '1 image' : `${n} images`;
}

/** What the live region says for a message from the other side. */
export function announce(m: ChatMessage) {
  const images = m.attachments?.length ? imageCount(m.attachments.length) : '';
  const content = m.body && images ? `${m.body} (${images})` : m.body || images;
  return `New message${m.senderName ? ` from ${m.senderName}` : ''}: ${content}`;
}
