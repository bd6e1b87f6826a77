import { clsx } from 'clsx';
import { useState } from 'react';

interface AvatarProps {
  name: string;
  url?: string | null;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = { sm: 'size-6 text-[10px]', md: 'size-9 text-sm', lg: 'size-20 text-2xl' };

/** A round avatar: the image when it loads, else the name's initial. */
export function Avatar({ name, url, size = 'md' }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = Boolean(url) && failedUrl !== url;
  return (
    <span
      className={clsx(
        'grid shrink-0 place-items-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-700',
        sizes[size],
      )}
    >
      {showImage && url ? (
        <img
          src={url}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedUrl(url)}
        />
      ) : (
        <span aria-hidden>{name.trim().charAt(0).toUpperCase() || '?'}</span>
      )}
    </span>
  );
}
