import { imageSize } from 'image-size';
import { LIMITS, MESSAGES } from '@storyloom/core';
import { badRequest } from '../http/errors.js';

/**
 * Checks an uploaded picture's size from its header before anything decodes it: a small file
 * can declare a huge canvas (a 746 KB PNG of 16000×16000 px costs 824 MB to decode).
 */
export function checkImageDimensions(bytes: Uint8Array): { width: number; height: number } {
  let size: { width: number; height: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw badRequest(MESSAGES.limits.imageUnreadable, 'UNREADABLE_IMAGE');
  }
  const { width, height } = size;
  if (!(width > 0 && height > 0))
    throw badRequest(MESSAGES.limits.imageUnreadable, 'UNREADABLE_IMAGE');
  if (width > LIMITS.imageSide || height > LIMITS.imageSide || width * height > LIMITS.imagePixels)
    throw badRequest(
      MESSAGES.limits.imageTooLarge(LIMITS.imagePixels, LIMITS.imageSide),
      'IMAGE_TOO_LARGE',
    );
  return { width, height };
}
