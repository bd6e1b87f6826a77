import type { BrowserContext, Page } from 'playwright-core';

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

/** JSON calls to the server as the context's signed-in user (with the origin header it checks). */
export function apiOf(context: BrowserContext, baseUrl: string) {
  return async <T>(method: 'GET' | 'POST', url: string, data?: unknown) => {
    const res = await context.request.fetch(`${baseUrl}${url}`, {
      method,
      headers: { origin: baseUrl },
      ...(data === undefined ? {} : { data }),
    });
    return { status: res.status(), body: (await res.json()) as T };
  };
}

/**
 * Signs a new user up through the API into `context` and dismisses the web-editing promo in its
 * pages, for tests that start at a screen behind sign-in.
 */
export async function signUpByApi(context: BrowserContext, baseUrl: string, name: string) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const handle = `${name.toLowerCase()}_${tag}`;
  const res = await context.request.post(`${baseUrl}/api/auth/sign-up/email`, {
    data: { email: `${handle}@example.test`, password: PASSWORD, name, username: handle },
    headers: { origin: baseUrl },
  });
  if (res.status() !== 200) throw new Error(`sign-up answered ${res.status()}`);
  await context.addInitScript(() => {
    window.localStorage.setItem(
      'storyloom.promos',
      JSON.stringify({ state: { webEditingPromoDismissed: true }, version: 0 }),
    );
  });
}

/** Generates an explainer story from `script` and waits for it; answers its id. */
export async function generateExplainer(
  api: ReturnType<typeof apiOf>,
  script: string,
): Promise<string> {
  const started = await api<{ workflowRunId: string }>(
    'POST',
    '/stories/workflow/generate_script_to_video',
    { script_content: script, voiceover_voice: 'storyteller' },
  );
  if (started.status !== 200) throw new Error(`generation answered ${started.status}`);
  const until = Date.now() + 150_000;
  for (;;) {
    const status = await api<{ status: string; output?: { story?: { id: string } } }>(
      'POST',
      '/stories/workflow/status',
      { workflowRunIds: [started.body.workflowRunId] },
    );
    if (status.body.status === 'RUN_SUCCESS') return status.body.output!.story!.id;
    if (status.body.status !== 'RUN_RUNNING')
      throw new Error(`generation ended ${JSON.stringify(status.body)}`);
    if (Date.now() > until) throw new Error('generation did not finish');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
