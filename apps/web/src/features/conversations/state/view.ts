import type { Message } from '@vetted/contract';
import type { ChatMessage } from '@vetted/ui';
import type { PendingMessage } from './pending-store';

/** The thread's messages for ChatThread: the server's, then the ones still being sent. */
export function toChatMessages(
  items: readonly Message[],
  pending: readonly PendingMessage[],
  meId: string | undefined,
  options: { senderNames?: boolean } = {},
): ChatMessage[] {
  const ids = new Set(items.map((m) => m.id));
  const out: ChatMessage[] = items.map((m) => {
    const mine = meId !== undefined && m.sender.id === meId;
    const count = m.attachments.length;
    return {
      id: m.id,
      body: m.body,
      createdAt: m.createdAt,
      mine,
      ...(mine ? { status: m.readAt ? ('read' as const) : ('sent' as const) } : {}),
      ...(!mine && options.senderNames ? { senderName: m.sender.name } : {}),
      ...(count > 0
        ? {
            attachments: m.attachments.map((a, i) => ({
              url: a.url,
              thumbUrl: a.thumbUrl,
              width: a.width,
              height: a.height,
              alt:
                count > 1
                  ? `Photo ${i + 1} of ${count} from ${mine ? 'you' : m.sender.name}`
                  : `Photo from ${mine ? 'you' : m.sender.name}`,
            })),
          }
        : {}),
    };
  });
  for (const p of pending) {
    if (p.serverId && ids.has(p.serverId)) continue;
    out.push({
      id: p.id,
      body: p.body,
      createdAt: p.createdAt,
      mine: true,
      status: p.serverId ? 'sent' : p.status,
      ...(p.previews.length > 0 ? { attachments: p.previews } : {}),
      ...(p.progress !== undefined && !p.serverId ? { progress: p.progress } : {}),
      ...(p.error && p.status === 'failed' ? { error: p.error } : {}),
    });
  }
  return out;
}
