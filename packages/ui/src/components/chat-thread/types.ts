/** An image sent with a message: a thumbnail that links to the full-size file. */
interface ChatAttachment {
  /** Full-size image; opened in a new tab from the thumbnail. */
  url: string;
  /** Thumbnail shown in the thread. */
  thumbUrl: string;
  /** Intrinsic width of the image in px (sets the aspect ratio before it loads: no layout shift). */
  width: number;
  /** Intrinsic height of the image in px. */
  height: number;
  /** Text alternative; "Image n of m" when omitted. */
  alt?: string;
}

/** One chat message. `mine` messages sit on the right. */
interface ChatMessage {
  id: string;
  /**
   * Plain text (never parsed as HTML); http(s) URLs, bare `www.` domains and e-mail addresses
   * become links that open in a new tab. '' when the message only carries attachments.
   */
  body: string;
  /** ISO 8601 instant. */
  createdAt: string;
  mine: boolean;
  /**
   * Delivery state of my messages: 'read' means the other side read it (read receipt, a double
   * check); 'sent' a single check; 'sending' a clock; 'failed' "Not sent" (+ Retry).
   */
  status?: 'sending' | 'sent' | 'read' | 'failed';
  /** Shown above the other party's messages (e.g. "Support"). */
  senderName?: string;
  /** Images shown as thumbnails under the sender name, above the text. */
  attachments?: ChatAttachment[];
  /** 0–1 upload progress while status is 'sending' and the message carries files. */
  progress?: number;
  /** Why a failed message failed (e.g. 'Image must be less than 3mb'), shown next to "Not sent". */
  error?: string;
}

export type { ChatAttachment, ChatMessage };
