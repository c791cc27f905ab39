import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver accepts any credentials that match these (it checks signatures). */
const ACCESS_KEY = 'S3RVER';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The server's environment for a store on this bucket. */
  env: Record<string, string>;
  /** Stops answering (the bucket's files stay until `stop`), to test a store that is down. */
  pause: () => Promise<void>;
  /** Answers again, on the same port with the same files, as a bucket back from an outage. */
  resume: () => Promise<void>;
  stop: () => Promise<void>;
}

/** TEST_S3=1 runs the API suite with images in an S3 bucket (s3rver) instead of a folder. */
export const testWithS3 = process.env.TEST_S3 === '1' || process.env.TEST_S3 === 'true';

// The SDK's notice that its 2027 releases will need Node 22 says nothing to a test run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * An S3-compatible server (s3rver, from npm, no network needed) on a free loopback port, with
 * one new bucket, keeping its objects in a temp folder removed by `stop`.
 */
export async function startS3Server(bucket = `test-${randomBytes(6).toString('hex')}`): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-s3-'));
  const serve = (port: number) =>
    new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  let server: S3rver | undefined = serve(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const pause = async () => {
    await server?.close();
    server = undefined;
  };
  const resume = async () => {
    if (server) return;
    server = serve(port);
    await server.run();
  };
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    pause,
    resume,
    stop: async () => {
      await pause();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
