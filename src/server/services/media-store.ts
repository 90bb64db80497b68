import { ulid } from 'ulid';
import type { Db } from '../db/database.ts';

/** An original as it is stored and served: its bytes and their content type. */
export type StoredMedia = { bytes: Buffer; contentType: string };

/**
 * Where the owner's uploaded photos live (issue 21, decision 036): one interface, so every
 * instance reads what any of them stored. The originals are kept in the database today;
 * an S3-compatible bucket would be a second implementation behind the same two calls.
 * Keys are made here and never reused, so what a key names never changes.
 */
export interface MediaStore {
  /** Stores an original and answers its key (`<id>.<ext>`, safe in a URL path). */
  put(bytes: Buffer, contentType: string, size: { width: number; height: number }): Promise<string>;
  /** The original under `key`, or null when there is none. */
  get(key: string): Promise<StoredMedia | null>;
}

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** What a key looks like: a lower-case ULID and one of the extensions above. */
export const MEDIA_KEY = /^[0-9a-z]{26}\.(?:webp|jpg|png)$/;

/** The originals in the table `media_blobs` (migration 015): SQLite on one machine, PostgreSQL for several instances. */
export function createDatabaseMediaStore(db: Db, clock: () => number = Date.now): MediaStore {
  return {
    async put(bytes, contentType, { width, height }) {
      const ext = EXTENSIONS[contentType];
      if (!ext) throw new Error(`media store: no extension for ${contentType}`);
      const now = clock();
      const key = `${ulid(now).toLowerCase()}.${ext}`;
      await db.kysely.insertInto('media_blobs').values({ id: key, content_type: contentType, bytes, width, height, created_at: now }).execute();
      return key;
    },
    async get(key) {
      if (!MEDIA_KEY.test(key)) return null;
      const row = await db.kysely.selectFrom('media_blobs').select(['bytes', 'content_type']).where('id', '=', key).executeTakeFirst();
      return row ? { bytes: Buffer.from(row.bytes), contentType: row.content_type } : null;
    },
  };
}
