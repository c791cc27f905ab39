import type { ImageStoreConfig } from '../../config';
import type { ImageStore } from './image-store';
import { LocalImageStore } from './local-image-store';

/**
 * The store the configuration names; nothing is contacted until `init`. The S3 SDK is loaded only
 * for a bucket: about 20 MB of an idle server's memory (issue 37).
 */
export async function createImageStore(config: ImageStoreConfig): Promise<ImageStore> {
  if (config.kind !== 's3') return new LocalImageStore(config.uploadsDir);
  const { S3ImageStore } = await import('./s3-image-store');
  return new S3ImageStore(config, config.tempDir);
}
