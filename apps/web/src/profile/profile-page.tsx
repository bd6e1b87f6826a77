import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@storyloom/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { updateProfile } from '../lib/account-api';
import { uploadImage } from '../lib/media-api';
import { queryKeys } from '../lib/query-keys';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { PageContainer } from '../ui/page-container';
import { Spinner } from '../ui/spinner';
import {
  profileFormSchema,
  profileFormValues,
  profileUpdate,
  type ProfileForm,
  type ProfileFormInput,
} from './profile-form';
import { useProfile } from './use-profile';

/** /profile: edit username, display name and picture. */
export function ProfilePage() {
  const { data: profile, error } = useProfile();
  return (
    <PageContainer width="narrow" className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Profile</h1>
        <p className="mt-1 text-sm text-zinc-600">How you appear on the stories you publish.</p>
      </div>
      {profile ? (
        <ProfileEditor key={profile.id} profile={profile} />
      ) : error ? (
        <FormError message={error.message} />
      ) : (
        <Spinner label="Loading profile" />
      )}
    </PageContainer>
  );
}

function ProfileEditor({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setValue,
    formState: { errors, isDirty },
  } = useForm<ProfileFormInput, unknown, ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(profile),
  });
  const [displayName, avatarUrl] = useWatch({ control, name: ['displayName', 'avatarUrl'] });
  const pictureInput = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(file, file.name),
    meta: { errorToast: false },
    onSuccess: (url) => setValue('avatarUrl', url, { shouldDirty: true }),
    onError: (error) => setServerError(error.message),
  });

  const save = useMutation({
    mutationFn: updateProfile,
    meta: { errorToast: false },
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.profile, updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      reset(profileFormValues(updated));
      toast.success('Profile updated');
    },
    onError: (error) => setServerError(error.message),
  });

  const onSubmit = (form: ProfileForm) => {
    setServerError(null);
    const update = profileUpdate(profile, form);
    if (Object.keys(update).length > 0) save.mutate(update);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-5 rounded-3xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="flex items-center gap-4">
        <Avatar name={displayName || profile.displayName} url={avatarUrl || null} size="lg" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-zinc-900">{profile.displayName}</p>
          <p className="truncate text-sm text-zinc-500">{profile.email}</p>
          {profile.isTeam ? (
            <span className="mt-1 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
              Team account
            </span>
          ) : null}
        </div>
      </div>
      <FormError message={serverError} />
      <Field
        label="Username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <Field
        label="Display name"
        error={errors.displayName?.message}
        {...register('displayName')}
      />
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-zinc-800">Picture</span>
        <div className="flex flex-wrap gap-2">
          <input
            ref={pictureInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            aria-label="Upload a picture"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) {
                setServerError(null);
                upload.mutate(file);
              }
            }}
          />
          <Button
            type="button"
            variant="secondary"
            disabled={upload.isPending}
            onClick={() => pictureInput.current?.click()}
          >
            {upload.isPending ? 'Uploading…' : avatarUrl ? 'Change picture' : 'Upload picture'}
          </Button>
          {avatarUrl ? (
            <Button
              type="button"
              variant="ghost"
              onClick={() => setValue('avatarUrl', '', { shouldDirty: true })}
            >
              Remove picture
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-zinc-500">PNG, JPEG, WebP or GIF, at most 10 MB.</p>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={!isDirty || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
