import * as Popover from '@radix-ui/react-popover';
import {
  CONTEST_MV_202510,
  CONTESTS,
  MESSAGES,
  SHARE_PLATFORM_LABELS,
  SHARE_PLATFORMS,
  showsContestBanner,
  type ShareAction,
  type SharePlatform,
  type Story,
} from '@storyloom/core';
import {
  ArrowLeft,
  ChevronRight,
  Download,
  FileArchive,
  Globe,
  Link2,
  Share2,
  Trophy,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { BREAKPOINTS } from '../lib/grid-layout';
import { useViewportWidth } from '../lib/use-viewport-width';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { initialRemoveWatermark, shareLink } from './share-rules';
import type { ShareFlow, ShareRunOptions } from './use-share-flow';
import { WatermarkToggle } from './watermark-toggle';

type View = 'main' | 'download' | 'link' | 'publish' | { platform: SharePlatform };

interface SharePopoverProps {
  story: Story;
  flow: ShareFlow;
  /** The button that opens it (rendered as the trigger). */
  children: ReactNode;
  /** Offers 'Download Zip File' (the owner's, when the server can build it). */
  onDownloadZip?: (() => void) | undefined;
}

const canShareNatively = () => typeof navigator !== 'undefined' && 'share' in navigator;

/**
 * Share & Download (spec 1 §2): a popover on wide screens, a dialog on small ones. The main
 * view lists Download, Copy Link, Publish/Unpublish (owner only) and the platforms; each opens
 * its export-options view. The signed-out are sent to sign in by the share flow.
 */
export function SharePopover({ story, flow, children, onDownloadZip }: SharePopoverProps) {
  const [open, setOpen] = useState(false);
  const small = useViewportWidth() < BREAKPOINTS.md;
  const menu = (
    <ShareMenu
      story={story}
      flow={flow}
      onDone={() => setOpen(false)}
      onDownloadZip={onDownloadZip}
    />
  );

  if (small) {
    return (
      <>
        <span className="contents" onClickCapture={() => setOpen(true)}>
          {children}
        </span>
        <Dialog open={open} onOpenChange={setOpen} title={MESSAGES.preview.shareAndDownload}>
          <div className="mt-4">{menu}</div>
        </Dialog>
      </>
    );
  }
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{children}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={12}
          aria-label={MESSAGES.preview.shareAndDownload}
          className="z-[60] w-80 animate-fade-in rounded-2xl border border-zinc-200 bg-white p-3 shadow-2xl focus:outline-none"
        >
          {menu}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

interface ShareMenuProps {
  story: Story;
  flow: ShareFlow;
  onDone: () => void;
  onDownloadZip?: (() => void) | undefined;
}

function ShareMenu({ story, flow, onDone, onDownloadZip }: ShareMenuProps) {
  const [view, setView] = useState<View>('main');
  const initialRemove = initialRemoveWatermark(story);
  const [removeWatermark, setRemoveWatermark] = useState(initialRemove);
  const [enterContest, setEnterContest] = useState(story.contests.includes(CONTEST_MV_202510));
  const contest = CONTESTS[0]!;
  const options: ShareRunOptions = {
    removeWatermark,
    watermarkChanged: removeWatermark !== initialRemove,
  };
  const busy = flow.busy !== null || flow.overlay !== null;
  const run = (action: ShareAction, extra: Partial<ShareRunOptions> = {}) => {
    flow.run(action, { ...options, ...extra });
    onDone();
  };
  const toggle = flow.owner ? (
    <WatermarkToggle checked={removeWatermark} onChange={setRemoveWatermark} />
  ) : null;
  const link = shareLink(window.location.origin, story.id);

  if (view === 'main') {
    return (
      <div className="flex flex-col gap-1" data-testid="share-menu">
        <MenuRow
          icon={<Download />}
          label={MESSAGES.share.download}
          onClick={() => setView('download')}
        />
        <MenuRow icon={<Link2 />} label={MESSAGES.share.copyLink} onClick={() => setView('link')} />
        {flow.owner ? (
          <MenuRow
            icon={<Globe />}
            label={story.is_published ? MESSAGES.share.unpublish : MESSAGES.share.publish}
            onClick={() => setView('publish')}
          />
        ) : null}
        <div className="mt-1 grid grid-cols-3 gap-1.5 border-t border-zinc-100 pt-2">
          {SHARE_PLATFORMS.map((platform) => (
            <button
              key={platform}
              type="button"
              onClick={() => setView({ platform })}
              className="rounded-xl px-2 py-2 text-xs font-medium text-zinc-700 hover:bg-zinc-100"
            >
              {SHARE_PLATFORM_LABELS[platform]}
            </button>
          ))}
        </div>
      </div>
    );
  }

  const back = (title: string) => (
    <div className="mb-3 flex items-center gap-2">
      <button
        type="button"
        aria-label="Back"
        onClick={() => setView('main')}
        className="rounded-full p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
      >
        <ArrowLeft className="size-4" />
      </button>
      <p className="text-sm font-semibold text-zinc-900">{title}</p>
    </div>
  );

  if (view === 'download') {
    return (
      <div className="flex flex-col gap-2">
        {back(MESSAGES.share.download)}
        {toggle}
        <Button onClick={() => run('download')} disabled={busy}>
          <Download className="size-4" aria-hidden />
          {MESSAGES.share.downloadMp4}
        </Button>
        {canShareNatively() ? (
          <Button variant="secondary" onClick={() => run('share_file_native')} disabled={busy}>
            <Share2 className="size-4" aria-hidden />
            Share video…
          </Button>
        ) : null}
        {flow.owner && onDownloadZip ? (
          <Button
            variant="secondary"
            onClick={() => {
              onDownloadZip();
              onDone();
            }}
            disabled={busy}
          >
            <FileArchive className="size-4" aria-hidden />
            {MESSAGES.share.downloadZip}
          </Button>
        ) : null}
      </div>
    );
  }

  if (view === 'link') {
    return (
      <div className="flex flex-col gap-2">
        {back(MESSAGES.share.copyLink)}
        {toggle}
        <input
          readOnly
          aria-label="Share link"
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 rounded-xl border border-zinc-300 bg-zinc-50 px-3 text-sm text-zinc-700"
        />
        <Button onClick={() => run('generate_link')} disabled={busy}>
          <Link2 className="size-4" aria-hidden />
          {MESSAGES.share.copyLinkButton}
        </Button>
        {canShareNatively() ? (
          <Button variant="secondary" onClick={() => run('share_link_native')} disabled={busy}>
            <Share2 className="size-4" aria-hidden />
            Share link…
          </Button>
        ) : null}
      </div>
    );
  }

  if (view === 'publish') {
    return (
      <div className="flex flex-col gap-2">
        {back(story.is_published ? MESSAGES.share.unpublish : MESSAGES.share.publish)}
        {toggle}
        {showsContestBanner(story.category_id) ? (
          <label
            data-testid="contest-banner"
            className="flex cursor-pointer items-start gap-3 rounded-xl bg-gradient-to-r from-amber-100 to-fuchsia-100 p-3 text-sm text-zinc-800"
          >
            <Trophy className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
            <span className="flex-1">
              <span className="block font-semibold">
                {contest.name} — {contest.prizes} in prizes
              </span>
              Enter this story when you publish it.
            </span>
            <input
              type="checkbox"
              checked={enterContest}
              onChange={(event) => setEnterContest(event.target.checked)}
              className="mt-1 size-4 accent-brand-600"
            />
          </label>
        ) : null}
        <Button
          onClick={() =>
            run('publish', {
              contests:
                enterContest && showsContestBanner(story.category_id) ? [CONTEST_MV_202510] : [],
            })
          }
          disabled={busy}
        >
          <Globe className="size-4" aria-hidden />
          {MESSAGES.share.publish}
        </Button>
        {story.is_published ? (
          <Button
            variant="secondary"
            onClick={() => {
              void flow.unpublish();
              onDone();
            }}
            disabled={busy}
          >
            {MESSAGES.share.unpublish}
          </Button>
        ) : null}
      </div>
    );
  }

  const label = SHARE_PLATFORM_LABELS[view.platform];
  return (
    <div className="flex flex-col gap-2">
      {back(label)}
      {toggle}
      <Button onClick={() => run('generate_link', { platform: view.platform })} disabled={busy}>
        <Share2 className="size-4" aria-hidden />
        {MESSAGES.share.shareTo(label)}
      </Button>
    </div>
  );
}

function MenuRow({
  icon,
  label,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-zinc-800 hover:bg-zinc-100"
    >
      <span className="text-zinc-500 [&>svg]:size-4">{icon}</span>
      <span className="flex-1">{label}</span>
      <ChevronRight className="size-4 text-zinc-400" aria-hidden />
    </button>
  );
}
