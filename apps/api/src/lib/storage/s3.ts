import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { safeKey, signedUrlSeconds, StorageNotFoundError, type Storage, type StoredFile } from './port';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2, …); AWS itself when unset. */
  endpoint?: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name: most S3-compatible servers. */
  forcePathStyle?: boolean;
  /** Both or neither: without them the SDK's own chain (instance role, AWS_* variables) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Size of the parts of a streamed upload (5 MiB at least, S3's minimum); 8 MiB by default. */
  partBytes?: number;
}

const MIN_PART_BYTES = 5 * 1024 * 1024;

/** Whether an S3 error means "no such object" (a HEAD answers a bare 404, a GET a NoSuchKey). */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** A range starting at or past the end of the object. */
function isInvalidRange(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'InvalidRange' || e.$metadata?.httpStatusCode === 416;
}

/** Reads a stream into parts of `size` bytes (the last one shorter), one part in memory at a time. */
async function* partsOf(source: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of source as AsyncIterable<Buffer | string>) {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (buf.length > 0) {
      const take = Math.min(size - pendingBytes, buf.length);
      pending.push(buf.subarray(0, take));
      pendingBytes += take;
      buf = buf.subarray(take);
      if (pendingBytes === size) {
        yield Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes > 0 || pending.length === 0) yield Buffer.concat(pending);
}

/**
 * The S3-compatible adapter (`@aws-sdk/client-s3`): one object per key in one bucket. A streamed upload
 * is sent as a multipart upload, one part in memory at a time, and completed only once the stream has
 * ended, so a failed stream leaves nothing (the upload is aborted); a file of one part is a single PUT.
 * Ranged reads are ranged GETs; a move is a copy and a delete.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  const partBytes = Math.max(MIN_PART_BYTES, options.partBytes ?? 8 * 1024 * 1024);
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers do not read the trailing
    // checksums the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  async function stat(key: string): Promise<StoredFile | undefined> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: safeKey(key) }));
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async function getObject(key: string, range?: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: safeKey(key), Range: range }));
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async function list(prefix: string): Promise<string[]> {
    const folder = `${safeKey(prefix)}/`;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  async function put(key: string, data: Uint8Array) {
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: safeKey(key), Body: data, ContentLength: data.length }),
    );
  }

  return {
    backend: 's3',
    put,
    async putStream(key, data) {
      const Key = safeKey(key);
      const parts = partsOf(data, partBytes);
      const first = await parts.next();
      const firstPart = first.done ? Buffer.alloc(0) : first.value;
      const second = await parts.next();
      if (second.done) {
        await put(Key, firstPart);
        return firstPart.length;
      }
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }));
      const done: CompletedPart[] = [];
      let size = 0;
      const send = async (body: Buffer) => {
        const PartNumber = done.length + 1;
        const { ETag } = await client.send(
          new UploadPartCommand({
            Bucket: bucket,
            Key,
            UploadId,
            PartNumber,
            Body: body,
            ContentLength: body.length,
          }),
        );
        done.push({ PartNumber, ETag });
        size += body.length;
      };
      try {
        await send(firstPart);
        await send(second.value);
        for await (const part of parts) await send(part);
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key,
            UploadId,
            MultipartUpload: { Parts: done },
          }),
        );
      } catch (error) {
        await client
          .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }))
          .catch(() => undefined);
        throw error;
      }
      return size;
    },
    async get(key) {
      const object = await getObject(key);
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async readRange(key, offset, length) {
      if (length <= 0) {
        if (!(await stat(key))) throw new StorageNotFoundError(key);
        return Buffer.alloc(0);
      }
      try {
        const object = await getObject(key, `bytes=${offset}-${offset + length - 1}`);
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        // Past the end: no bytes, as a file read there gives none.
        if (isInvalidRange(error)) return Buffer.alloc(0);
        throw error;
      }
    },
    async read(key, range) {
      const object = await getObject(key, range ? `bytes=${range.start}-${range.end}` : undefined);
      const body = object.Body;
      if (body instanceof Readable) return body;
      // Another runtime's body (a web stream): Node's own stream over it.
      return Readable.from(Buffer.from(await body!.transformToByteArray()));
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== undefined;
    },
    async size(key) {
      const s = await stat(key);
      if (!s) throw new StorageNotFoundError(key);
      return s.size;
    },
    list,
    async move(from, to) {
      const source = safeKey(from);
      const CopySource = `${bucket}/${source.split('/').map(encodeURIComponent).join('/')}`;
      try {
        await client.send(new CopyObjectCommand({ Bucket: bucket, Key: safeKey(to), CopySource }));
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(from);
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: source }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: safeKey(key) }));
    },
    async removePrefix(prefix) {
      const keys = await list(prefix);
      // DeleteObjects takes at most 1,000 keys a call.
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
        await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects, Quiet: true } }));
      }
    },
    async signedUrl(key, opts) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: safeKey(key),
        ResponseContentType: opts.contentType,
        ResponseContentDisposition: opts.contentDisposition,
      });
      return getSignedUrl(client, command, { expiresIn: signedUrlSeconds(opts) });
    },
  };
}
