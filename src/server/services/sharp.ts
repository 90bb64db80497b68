import type sharp from 'sharp';

export type SharpModule = typeof sharp;

let loading: Promise<SharpModule> | undefined;

/**
 * sharp (libvips: about 20 MB resident once loaded, more after its first images), loaded
 * on first use rather than with the server: the image resizer needs it only for a copy not
 * yet cached on disk, the app icons only once per process, and a server that answers the
 * API alone never holds it.
 */
export function loadSharp(): Promise<SharpModule> {
  loading ??= import('sharp').then(({ default: loaded }) => {
    // libvips' operation cache holds decoded images; resized copies live on disk instead
    loaded.cache(false);
    return loaded;
  });
  return loading;
}
