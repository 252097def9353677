import { buildLink, ROUTES } from '@vetted/session';
import type { ButtonProps } from '@vetted/ui';
import { MessageSquare } from 'lucide-react';
import * as React from 'react';
import { useLocation, useSearch } from 'wouter';
import { useOpenConversation } from './state';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ActionTrigger } from '../orders';

export interface MessageButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** Who to message: a pro (from their page or a service) or the other party of an order. */
  target: { vendorId: string } | { orderId: string };
  /**
   * Button text.
   * @defaultValue 'Message'
   */
  label?: string;
}

/**
 * "Message": opens (or gets back) the direct conversation (`POST /v1/conversations`) and goes to
 * it in the person's inbox (`/user/messages?c=` or `/vendor/messages?c=`). A signed-out visitor
 * goes to log in first and comes back here (like the booking links of the public search).
 * Renders nothing for admins: they only handle support chats.
 */
export function MessageButton({
  target,
  label = 'Message',
  variant = 'outline',
  ...props
}: MessageButtonProps) {
  const { role } = useSession();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const open = useOpenConversation();
  const [pending, setPending] = React.useState(false);
  if (role === 'admin') return null;

  const onClick = async () => {
    if (!role) {
      const here = search ? `${location}?${search}` : location;
      navigate(buildLink(ROUTES.login, { query: { redirect: here } }));
      return;
    }
    setPending(true);
    try {
      const conversation = await open({ kind: 'direct', ...target });
      const inbox = role === 'vendor' ? ROUTES.vendor.messages : ROUTES.user.messages;
      navigate(buildLink(inbox, { query: { c: conversation.id } }));
    } catch (error) {
      toast.error(errorMessage(error));
      setPending(false);
    }
  };

  return (
    // A menu item inside an order page's "More actions" menu (header-actions.tsx), else a button.
    <ActionTrigger variant={variant} loading={pending} onClick={onClick} {...props}>
      <MessageSquare aria-hidden="true" />
      {label}
    </ActionTrigger>
  );
}
