import type { S3Location } from '../config.js';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  contentTypeOf,
  isBlobKey,
  type BlobInfo,
  type BlobStore,
  type ByteRange,
} from './blob-store.js';

/**
 * Blobs in an S3-compatible bucket (`STORAGE_URL=s3://bucket/prefix`). Credentials come from
 * the SDK's usual sources (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance
 * role). Large files go up in parts as they stream (multipart upload), reads take byte
 * ranges, and clients still fetch through `/media/{key}`, so every read passes the server's
 * privacy rules (proxied delivery, not presigned links).
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;

  constructor(
    private readonly location: S3Location,
    private readonly urlPrefix = '/media',
  ) {
    this.client = new S3Client({
      region: location.region,
      forcePathStyle: location.forcePathStyle,
      ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    });
  }

  private objectKey(key: string): string {
    if (!isBlobKey(key)) throw new Error(`Not a storage key: ${key}`);
    return this.location.prefix ? `${this.location.prefix}/${key}` : key;
  }

  async put(key: string, body: Buffer | Readable): Promise<BlobInfo> {
    await new Upload({
      client: this.client,
      params: {
        Bucket: this.location.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentTypeOf(key),
      },
      // Parts of 8 MB, two in flight: a 100 MB upload holds at most 16 MB in memory.
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
    }).done();
    const info = await this.stat(key);
    if (!info) throw new Error(`Stored ${key} but cannot find it in the bucket`);
    return info;
  }

  async stat(key: string): Promise<BlobInfo | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }),
      );
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: contentTypeOf(key),
        modifiedAt: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return null;
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.location.bucket,
        Key: this.objectKey(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!(object.Body instanceof Readable)) throw new Error(`No body for ${key}`);
    return object.Body;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }),
    );
  }

  url(key: string): string {
    return `${this.urlPrefix}/${key}`;
  }
}
