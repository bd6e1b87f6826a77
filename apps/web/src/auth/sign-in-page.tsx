import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { authClient } from './auth-client';
import { AuthCard } from './auth-card';
import { signInFormSchema, type SignInForm, type SignInFormInput } from './auth-form-schemas';
import { signUpPath } from './callback-url';
import { useAfterAuth } from './use-after-auth';
import { useCurrentUser } from './use-current-user';

export function SignInPage() {
  const { callbackUrl, hasCallbackUrl, finish } = useAfterAuth();
  const { user } = useCurrentUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInFormInput, unknown, SignInForm>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: SignInForm) => {
    setServerError(null);
    const { error } = await authClient.signIn.email(values);
    if (error) {
      setServerError(error.message ?? 'Sign in failed. Please try again.');
      return;
    }
    await finish();
  };

  // Already signed in (e.g. a second tab): go straight to where sign-in would lead.
  if (user) return <Navigate to={callbackUrl} replace />;

  return (
    <AuthCard
      title="Sign in to Storyloom"
      subtitle="Welcome back! Pick up your stories where you left off."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link
            to={hasCallbackUrl ? signUpPath(callbackUrl) : '/signup'}
            className="font-medium text-brand-600 hover:text-brand-700"
          >
            Sign up
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
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" disabled={isSubmitting} className="mt-2 w-full">
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
