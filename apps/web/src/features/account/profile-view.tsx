import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@vetted/api-client';
import { fullNameSchema, phoneSchema, type User } from '@vetted/contract';
import { Avatar, Badge, Button, Card, FormField, Input, Skeleton } from '@vetted/ui';
import type * as React from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorState } from '../../components/error-state';
import { formatMonthYear } from '../../lib/format';

const formSchema = z.object({
  fullName: fullNameSchema,
  phone: z.union([z.literal(''), phoneSchema]),
});
export type ProfileValues = z.output<typeof formSchema>;

export interface ProfileViewProps {
  me?: User;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Saves; reject with field errors to show them. Resolves when saved. */
  onSave: (values: { fullName: string; phone: string | null }) => Promise<void>;
  /**
   * Edits the photo (e.g. `AvatarEditorView`), shown instead of the plain avatar. Without it the
   * avatar is only shown.
   */
  avatarEditor?: React.ReactNode;
  /** Changes the email (e.g. `EmailChangeDialog`), shown beside the read-only address. */
  emailAction?: React.ReactNode;
}

/** Profile form (full name, phone) with the avatar and account facts. */
export function ProfileView({
  me,
  isLoading,
  error,
  onRetry,
  onSave,
  avatarEditor,
  emailAction,
}: ProfileViewProps) {
  if (error && !me) {
    return (
      <ErrorState title={MESSAGES.errorFetchingProfile} message={error.message} onRetry={onRetry} />
    );
  }
  if (isLoading || !me) {
    return (
      <Card role="status" aria-busy="true" aria-label="Loading profile">
        <div className="flex items-center gap-4">
          <Skeleton className="size-16 rounded-full" />
          <div className="flex flex-col gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
          </div>
        </div>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </Card>
    );
  }
  return (
    <ProfileForm
      key={me.id + me.fullName + (me.phone ?? '')}
      me={me}
      onSave={onSave}
      avatarEditor={avatarEditor}
      emailAction={emailAction}
    />
  );
}

function ProfileForm({
  me,
  onSave,
  avatarEditor,
  emailAction,
}: Pick<ProfileViewProps, 'onSave' | 'avatarEditor' | 'emailAction'> & { me: User }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<z.input<typeof formSchema>, unknown, ProfileValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { fullName: me.fullName, phone: me.phone ?? '' },
  });
  return (
    <Card className="gap-6">
      {avatarEditor}
      <div className="flex items-center gap-4">
        {avatarEditor ? null : (
          <Avatar src={me.avatarUrl ?? undefined} name={me.fullName} size="lg" />
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <p className="truncate text-lg font-semibold">{me.fullName}</p>
          <p className="truncate text-sm text-muted">{me.email}</p>
          <div className="flex flex-wrap gap-2">
            <Badge variant="secondary" className="capitalize">
              {me.role}
            </Badge>
            {me.emailVerified ? <Badge variant="success">Email verified</Badge> : null}
            <span className="text-xs text-muted">Member since {formatMonthYear(me.createdAt)}</span>
          </div>
        </div>
      </div>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit(async (values) => {
          try {
            await onSave({ fullName: values.fullName, phone: values.phone || null });
          } catch (err) {
            const fields = (err as { fields?: Record<string, string> }).fields;
            if (fields?.fullName) setError('fullName', { message: fields.fullName });
            if (fields?.phone) setError('phone', { message: fields.phone });
          }
        })}
      >
        <FormField label="Full name" error={errors.fullName?.message} required>
          <Input autoComplete="name" {...register('fullName')} />
        </FormField>
        {emailAction ? (
          <div className="flex flex-col items-start gap-2">
            <FormField label="Email" hint="Sign-in codes and receipts go here." className="w-full">
              <Input value={me.email} readOnly disabled />
            </FormField>
            {emailAction}
          </div>
        ) : (
          <FormField label="Email" hint="Contact support to change your email.">
            <Input value={me.email} readOnly disabled />
          </FormField>
        )}
        <FormField
          label="Phone"
          hint={
            me.role === 'vendor'
              ? 'Optional. Customers who book you can call you on the day.'
              : 'Optional. Pros you book can call you on the day.'
          }
          error={errors.phone?.message}
        >
          <Input type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
        <Button type="submit" loading={isSubmitting} disabled={!isDirty} className="self-start">
          Save changes
        </Button>
      </form>
    </Card>
  );
}
