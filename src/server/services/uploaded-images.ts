import { loadSharp } from './sharp.ts';

/** The longest side of a stored original: more than the largest copy the resizer makes (1600). */
const MAX_SIDE = 2000;
/** Pixels sharp may decode: a 100-megapixel photo, not a small file that unpacks to gigabytes. */
const MAX_PIXELS = 100_000_000;

export type UploadType = 'jpeg' | 'png' | 'webp';

/**
 * The real type of an upload by its first bytes (whatever its name or content-type say):
 * JPEG, PNG or WebP, or null for anything else (HTML, SVG, PDF, a renamed file…).
 */
export function imageTypeOf(bytes: Buffer): UploadType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export type PreparedImage = { bytes: Buffer; contentType: 'image/webp'; width: number; height: number };

/**
 * The photo as the shop keeps it: turned upright by its EXIF orientation, at most 2000 px
 * on its longer side, re-encoded as WebP. sharp writes no metadata unless asked
 * (`withMetadata`, never called here), so EXIF (camera, GPS position), XMP and ICC
 * profiles are left behind. Null when sharp cannot read it as a picture.
 */
export async function prepareUpload(bytes: Buffer): Promise<PreparedImage | null> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS })
      .autoOrient()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    return null;
  }
}
