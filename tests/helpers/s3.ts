/**
 * A local S3-compatible server (s3rver) on 127.0.0.1 and a free port, with a
 * bucket, for tests of the media store on a bucket: never the internet.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** What a store needs to use the bucket (MEDIA_URL and the AWS variables). */
  env(prefix?: string): Record<string, string>;
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (`port` 0: a free one) with `bucket`, its objects in a temporary folder removed at close. */
export async function startLocalS3(bucket = 'aurum-test', port = 0): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'aurum-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: (prefix = 'store') => ({
      MEDIA_URL: `s3://${bucket}/${prefix}`,
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: 'us-east-1',
      // s3rver's fixed development credentials.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
