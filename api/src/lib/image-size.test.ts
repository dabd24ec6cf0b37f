import { describe, expect, it } from 'vitest';
import { jpegWithOrientation, webpSample } from '../test/asset-samples';
import { imageSize } from './image-size';

describe('image size from the header', () => {
  it('reads a JPEG and a WebP', async () => {
    expect(imageSize(await jpegWithOrientation(), 'jpeg')).toEqual({ width: 300, height: 200 });
    expect(imageSize(await webpSample(480, 270), 'webp')).toEqual({ width: 480, height: 270 });
  });

  it('refuses a header with nothing readable behind the magic bytes', () => {
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0]), 'jpeg')).toBeNull();
    expect(imageSize(new Uint8Array(40), 'webp')).toBeNull();
  });
});
