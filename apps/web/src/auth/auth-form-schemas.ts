import { signInSchema, signUpSchema } from '@storyloom/core';
import { z } from 'zod';

/** The sign-in form: core's schema with a message for an empty password. */
export const signInFormSchema = signInSchema.extend({
  password: z.string().min(1, 'Please enter your password').max(128),
});
export type SignInFormInput = z.input<typeof signInFormSchema>;
export type SignInForm = z.output<typeof signInFormSchema>;

/** The sign-up form: core's schema (the server validates with the same one). */
export const signUpFormSchema = signUpSchema;
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type SignUpForm = z.output<typeof signUpFormSchema>;
