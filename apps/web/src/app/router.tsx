import { createBrowserRouter, Navigate } from 'react-router';
import { CommunityPage } from '../community/community-page';
import { MyStoriesPage } from '../story/my-stories-page';
import { StoryHomePage } from '../story/story-home-page';
import { AppLayout } from './app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireAuth } from './require-auth';
import { RouteErrorPage } from './route-error-page';
import { Spinner } from '../ui/spinner';

// The story pages load with the app; the others (forms, editor, share...) load on first visit.
const signIn = async () => ({ Component: (await import('../auth/sign-in-page')).SignInPage });
const signUp = async () => ({ Component: (await import('../auth/sign-up-page')).SignUpPage });
const share = async () => ({ Component: (await import('../share/share-page')).SharePage });
const musicVideo = async () => ({
  Component: (await import('../create/music-video-page')).MusicVideoPage,
});
const characters = async () => ({
  Component: (await import('../characters/characters-page')).CharactersPage,
});
const storyDetail = async () => ({
  Component: (await import('../story/story-detail-page')).StoryDetailPage,
});
const editor = async () => ({ Component: (await import('../editor/editor-page')).EditorPage });
const workflowWait = async () => ({
  Component: (await import('../create/workflow-wait-page')).WorkflowWaitPage,
});
const create = async () => ({ Component: (await import('../create/create-page')).CreatePage });
const profile = async () => ({ Component: (await import('../profile/profile-page')).ProfilePage });
const apiKeys = async () => ({
  Component: (await import('../settings/api-keys-page')).ApiKeysPage,
});
const authorProfile = async () => ({
  Component: (await import('../profile/author-profile-page')).AuthorProfilePage,
});

/** Shown while a lazily loaded page arrives on the first page load. */
const hydrateFallbackElement = <Spinner />;

/** Every route of the app (history mode). See README.md for what each one is. */
export const router = createBrowserRouter([
  { path: '/signin', lazy: signIn, errorElement: <RouteErrorPage />, hydrateFallbackElement },
  { path: '/signup', lazy: signUp, errorElement: <RouteErrorPage />, hydrateFallbackElement },
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement,
    children: [
      { index: true, element: <Navigate to="/story" replace /> },
      { path: 'story', element: <StoryHomePage /> },
      { path: 'story/community', element: <CommunityPage /> },
      { path: 'story/community/:id', element: <CommunityPage /> },
      { path: 'story/share/:id', lazy: share },
      { path: 'music-video/:slug?', lazy: musicVideo },
      { path: 'characters', lazy: characters },
      {
        element: <RequireAuth />,
        children: [
          { path: 'story/my', element: <MyStoriesPage /> },
          { path: 'story/my/:id', lazy: storyDetail },
          { path: 'story/editor', lazy: editor },
          { path: 'story/create/workflow/:workflowRunId', lazy: workflowWait },
          { path: 'story/create', lazy: create },
          { path: 'story/create/:mode', lazy: create },
          { path: 'profile', lazy: profile },
          { path: 'settings/api-keys', lazy: apiKeys },
        ],
      },
      // '/@{username}': React Router cannot match a literal '@' before a param, so a
      // one-segment route reads the handle and shows a 404 for anything else.
      { path: ':handle', lazy: authorProfile },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
