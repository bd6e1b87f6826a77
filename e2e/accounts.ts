import type { Page } from 'playwright-core';

export const PASSWORD = 'correct horse battery';

/** Signs a new user up through the /signup form; the app then goes to /story. */
export async function signUpThroughForm(page: Page, baseUrl: string, name: string) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const username = `${name.toLowerCase()}_${tag}`;
  const email = `${name.toLowerCase()}-${tag}@example.test`;
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  return { email, username };
}

/** Fills the /signin form of the current page. */
export async function signInThroughForm(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}
