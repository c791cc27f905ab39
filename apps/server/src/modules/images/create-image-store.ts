import type { ImageStoreConfig } from '../../config';
import type { ImageStore } from './image-store';
import { LocalImageStore } from './local-image-store';
import { S3ImageStore } from './s3-image-store';

/** The store the configuration names; nothing is created or contacted until `init`. */
export function createImageStore(config: ImageStoreConfig): ImageStore {
  return config.kind === 's3' ? new S3ImageStore(config, config.tempDir) : new LocalImageStore(config.uploadsDir);
}
