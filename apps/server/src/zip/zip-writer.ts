import { crc32 } from 'node:zlib';
import type { Readable, Writable } from 'node:stream';

interface Entry {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
}

/** MS-DOS date and time of a Date, as the zip format stores them. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/**
 * A streaming zip writer: each file is stored (no compression: videos, images and audio are
 * compressed already) and streamed through as it is read, with its CRC-32 and size in a data
 * descriptor after it, so nothing is held in memory. Files must stay under 4 GiB and the zip
 * under 4 GiB in total (no Zip64).
 */
export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp = dosDateTime(new Date());

  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          this.out.off('drain', onDrain);
          this.out.off('error', done);
          this.out.off('close', onClose);
          if (error) reject(error);
          else resolve();
        };
        const onDrain = () => done();
        const onClose = () => done(new Error('The zip stream was closed'));
        this.out.once('drain', onDrain);
        this.out.once('error', done);
        this.out.once('close', onClose);
      });
    }
  }

  /** Adds a file read from `body`; its name uses '/' between folders. */
  async addFile(name: string, body: Readable): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0); // local file header
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 names
    header.writeUInt16LE(0, 8); // stored
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    // crc, sizes: 0 here, in the data descriptor
    header.writeUInt16LE(nameBytes.length, 26);
    const offset = this.offset;
    await this.write(Buffer.concat([header, nameBytes]));
    let crc = 0;
    let size = 0;
    for await (const chunk of body) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      crc = crc32(bytes, crc);
      size += bytes.length;
      await this.write(bytes);
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.write(descriptor);
    this.entries.push({ name: nameBytes, crc: crc >>> 0, size, offset });
  }

  /** Writes the central directory; the zip is complete after this. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0); // central directory header
      header.writeUInt16LE(20, 4); // made by
      header.writeUInt16LE(20, 6); // needed
      header.writeUInt16LE(0x0808, 8);
      header.writeUInt16LE(0, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.date, 14);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.size, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      await this.write(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0); // end of central directory
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
  }
}
