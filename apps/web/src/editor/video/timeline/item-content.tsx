import type { MediaAsset, TimelineItem } from '@storyloom/core';
import { Music2, Sparkles, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { loadPeaks } from './waveform-peaks';

/** What an item shows on its track: the picture, a filmstrip, a waveform or the caption text. */
export function ItemContent({
  item,
  asset,
  width,
  height,
  fps,
}: {
  item: TimelineItem;
  asset: MediaAsset | undefined;
  width: number;
  height: number;
  fps: number;
}) {
  if (item.type === 'caption')
    return (
      <span className="truncate px-1.5 text-[11px] leading-[28px] font-medium text-white">
        {item.caption?.data.text ?? ''}
      </span>
    );
  if (item.type === 'logo')
    return (
      <span className="flex h-full items-center gap-1 px-1.5 text-[11px] font-medium text-white">
        <Sparkles className="size-3.5 shrink-0" aria-hidden /> Logo
      </span>
    );
  if (item.status === 'failed' || (!asset && item.type === 'overlay'))
    return (
      <span className="flex h-full items-center gap-1 px-1.5 text-[11px] font-medium text-white">
        <TriangleAlert className="size-3.5 shrink-0" aria-hidden />
        <span className="truncate">{item.statusMessage ?? 'Generation Error'}</span>
      </span>
    );
  if (!asset) return null;
  if (asset.resource_type === 'audio' || item.type === 'audio')
    return <Waveform item={item} asset={asset} width={width} height={height} fps={fps} />;
  const picture = asset.resource_type === 'image' ? asset.url : asset.thumbnail_url;
  return (
    <div
      className="h-full w-full"
      data-testid={asset.resource_type === 'video' ? 'filmstrip' : 'item-picture'}
      style={
        picture
          ? {
              backgroundImage: `url("${picture}")`,
              backgroundSize: 'auto 100%',
              backgroundRepeat: 'repeat-x',
              backgroundPosition: 'left center',
            }
          : undefined
      }
    >
      <span className="m-1 inline-block max-w-[calc(100%-8px)] truncate rounded bg-black/55 px-1 text-[10px] text-white">
        {asset.title ?? item.title ?? asset.resource_type}
      </span>
    </div>
  );
}

/**
 * The waveform of the part of the sound the item plays, from peaks decoded in the browser. It is
 * drawn once into a detached canvas and shown as the box's background picture: a timeline holds
 * hundreds of sounds, and live canvases in the rows each cost the compositor on every frame.
 */
function Waveform({
  item,
  asset,
  width,
  height,
  fps,
}: {
  item: TimelineItem;
  asset: MediaAsset;
  width: number;
  height: number;
  fps: number;
}) {
  const [picture, setPicture] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    let url: string | null = null;
    void loadPeaks(asset.url).then((result) => {
      if (cancelled || !result) return;
      const canvas = document.createElement('canvas');
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      const w = Math.max(1, Math.min(4000, Math.round(width)));
      canvas.width = w;
      canvas.height = height;
      ctx.fillStyle = 'rgba(255,255,255,0.85)';
      const startSeconds = (item.sourceTrimStartFrames ?? 0) / fps;
      const seconds = (item.durationInFrames * (item.speed ?? 1)) / fps;
      const bars = Math.floor(w / 3);
      for (let i = 0; i < bars; i++) {
        const t = startSeconds + (seconds * i) / bars;
        const peak = result.peaks[Math.floor(t * result.peaksPerSecond)] ?? 0;
        const h = Math.max(1, peak * (height - 4));
        ctx.fillRect(i * 3, (height - h) / 2, 2, h);
      }
      canvas.toBlob((blob) => {
        if (cancelled || !blob) return;
        url = URL.createObjectURL(blob);
        setPicture(url);
      });
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [
    asset.url,
    item.sourceTrimStartFrames,
    item.durationInFrames,
    item.speed,
    width,
    height,
    fps,
  ]);
  return (
    <div className="relative h-full w-full">
      <div
        data-testid="waveform"
        data-drawn={picture ? 'true' : undefined}
        className="absolute inset-0"
        style={
          picture
            ? {
                backgroundImage: `url("${picture}")`,
                backgroundSize: '100% 100%',
                backgroundRepeat: 'no-repeat',
              }
            : undefined
        }
      />
      <span className="absolute top-0 left-1 flex items-center gap-1 text-[10px] text-white/90">
        <Music2 className="size-3" aria-hidden />
        <span className="truncate">{asset.title ?? 'Audio'}</span>
      </span>
    </div>
  );
}
