import { isOfflineProvider, providerLabel } from '@storyloom/core';
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { fetchGenerationProviders } from './explainer/explainer-api';

/**
 * Says plainly what will make the story: the offline providers of this server (modest) or the
 * cloud / GPU ones the operator configured, and how to add those.
 */
export function ProviderNotice() {
  const { data } = useQuery({
    queryKey: ['generation-providers'],
    queryFn: fetchGenerationProviders,
    staleTime: Infinity,
  });
  if (!data) return null;
  const made = [
    `pictures by ${providerLabel(data.image)}`,
    `voice by ${providerLabel(data.speech)}`,
    `music by ${providerLabel(data.music)}`,
    `script by ${providerLabel(data.writer)}`,
  ];
  const offline = [data.image, data.speech, data.music, data.writer].some(isOfflineProvider);
  return (
    <div
      className="flex items-start gap-2 rounded-xl border border-zinc-200 bg-zinc-50 p-3 text-xs text-zinc-600"
      data-testid="provider-notice"
    >
      <Info className="mt-0.5 size-4 shrink-0 text-zinc-400" aria-hidden />
      <p>
        {offline ? (
          <>
            <strong className="font-medium text-zinc-800">Offline providers in use:</strong>{' '}
            {made.join(', ')}. They run on this server with no account, and make a modest version of
            what cloud or GPU models make. To use a cloud service or your own GPU server (ComfyUI,
            Kokoro, Ollama), the operator sets it up as the README's "Cloud AI providers" section
            shows.
          </>
        ) : (
          <>
            <strong className="font-medium text-zinc-800">Made with:</strong> {made.join(', ')}.
          </>
        )}
      </p>
    </div>
  );
}
