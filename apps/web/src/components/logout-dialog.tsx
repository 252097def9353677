import { MESSAGES } from '@vetted/api-client';
import { ConfirmDialog } from '@vetted/ui';
import type * as React from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../lib/session';
import { toast } from '../lib/toast';

interface LogoutDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: React.ReactNode;
}

/** "Log out?" confirmation: revokes the refresh token, clears the session, goes home. */
export function LogoutDialog({ open, onOpenChange, trigger }: LogoutDialogProps) {
  const { signOut } = useSession();
  const [, navigate] = useLocation();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Log out of Vetted?"
      description="You will need your password and a one-time code to sign in again."
      confirmLabel="Log out"
      destructive
      onConfirm={async () => {
        try {
          await signOut();
        } catch {
          // The session is cleared locally even if revoking it on the server failed.
          toast.warning(MESSAGES.somethingWentWrong);
        }
        navigate('/', { replace: true });
      }}
    />
  );
}
