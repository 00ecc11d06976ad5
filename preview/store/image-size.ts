import { openSync, readSync, closeSync } from 'node:fs';

// The pixel size of a JPEG, PNG or GIF read from its header, synchronously: a theme setting that
// names a shop image (`shopify://shop_images/x.jpg`) becomes an image object with its real size
// in the middle of a render, where the async image library cannot be awaited.

export function imageSize(path: string): { width: number; height: number } | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(64 * 1024);
    const length = readSync(fd, head, 0, head.length, 0);
    return sizeOf(head.subarray(0, length));
  } finally {
    closeSync(fd);
  }
}

function sizeOf(data: Buffer): { width: number; height: number } | null {
  if (data.length > 24 && data.readUInt32BE(0) === 0x89504e47) return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (data.length > 10 && data.toString('ascii', 0, 3) === 'GIF') return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < data.length) {
      if (data[offset] !== 0xff) return null;
      const marker = data[offset + 1]!;
      const size = data.readUInt16BE(offset + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
      }
      offset += 2 + size;
    }
  }
  return null;
}
