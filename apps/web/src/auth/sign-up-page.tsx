import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { authClient } from './auth-client';
import { AuthCard } from './auth-card';
import { signUpFormSchema, type SignUpForm, type SignUpFormInput } from './auth-form-schemas';
import { signInPath } from './callback-url';
import { useAfterAuth } from './use-after-auth';
import { useCurrentUser } from './use-current-user';

export function SignUpPage() {
  const { callbackUrl, hasCallbackUrl, finish } = useAfterAuth();
  const { user } = useCurrentUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormInput, unknown, SignUpForm>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { displayName: '', username: '', email: '', password: '' },
  });

  const onSubmit = async ({ displayName, username, email, password }: SignUpForm) => {
    setServerError(null);
    const { error } = await authClient.signUp.email({
      email,
      password,
      name: displayName,
      username,
    });
    if (error) {
      setServerError(error.message ?? 'Sign up failed. Please try again.');
      return;
    }
    await finish();
  };

  // Already signed in (e.g. a second tab): go straight to where sign-in would lead.
  if (user) return <Navigate to={callbackUrl} replace />;

  return (
    <AuthCard
      title="Create your account"
      subtitle="Turn scripts, songs and ideas into video stories."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={hasCallbackUrl ? signInPath(callbackUrl) : '/signin'}
            className="font-medium text-brand-600 hover:text-brand-700"
          >
            Sign in
          </Link>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <FormError message={serverError} />
        <Field
          label="Display name"
          autoComplete="name"
          error={errors.displayName?.message}
          {...register('displayName')}
        />
        <Field
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username')}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" disabled={isSubmitting} className="mt-2 w-full">
          {isSubmitting ? 'Creating account…' : 'Sign up'}
        </Button>
      </form>
    </AuthCard>
  );
}
