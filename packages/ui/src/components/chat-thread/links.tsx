import type { MultiToken, Opts as LinkifyOptions } from 'linkifyjs';
import { cn } from '../../lib/utils';

/** Link `rel` for user-written URLs: no opener, no referrer, no ranking credit (user content). */
const LINK_REL = 'noopener noreferrer nofollow ugc';
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * Which linkifyjs matches become links: http(s) and mailto URLs, bare domains starting with
 * `www.` (so "hello.world" stays text) and e-mail addresses. Anything else (ftp:, file:, …;
 * linkifyjs never matches javascript: or data:) stays plain text.
 */
function isSafeLink(value: string, type: string, token: MultiToken): boolean {
  if (type === 'email') return true;
  if (type !== 'url') return false;
  // Url tokens have hasProtocol(); the published typings only declare the MultiToken base.
  const hasProtocol = (token as MultiToken & { hasProtocol?: () => boolean }).hasProtocol?.();
  if (!hasProtocol) return /^www\./i.test(value);
  try {
    return SAFE_PROTOCOLS.has(new URL(token.toHref()).protocol);
  } catch {
    return false;
  }
}

function linkOptions(onPrimary: boolean): LinkifyOptions {
  return {
    defaultProtocol: 'https',
    validate: isSafeLink,
    render: ({ attributes, content }) => (
      <a
        href={attributes.href}
        target="_blank"
        rel={LINK_REL}
        data-slot="chat-link"
        className={cn(
          'rounded-xs underline underline-offset-2 outline-none focus-visible:ring-2',
          // The ring must contrast with the bubble: white on the primary bubble.
          onPrimary
            ? 'text-primary-fg focus-visible:ring-primary-fg'
            : 'text-link focus-visible:ring-ring',
        )}
      >
        {content}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    ),
  };
}

/** Linkify options of a bubble on the primary colour (my sent messages). */
const LINKS_ON_PRIMARY = linkOptions(true);
/** Linkify options of a bubble on the surface (theirs, and my failed ones). */
const LINKS_ON_SURFACE = linkOptions(false);

export { LINKS_ON_PRIMARY, LINKS_ON_SURFACE };
