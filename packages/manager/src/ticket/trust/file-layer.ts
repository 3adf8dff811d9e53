import fs from "node:fs";

/** The writes the ticket loop makes to its own files; tests swap it to fail like a full disk. */
export interface FileLayer {
  writeSync(fd: number, buffer: Buffer, offset: number, length: number): number;
  fsyncSync(fd: number): void;
}

export const defaultFiles: FileLayer = {
  writeSync: (fd, buffer, offset, length) => fs.writeSync(fd, buffer, offset, length),
  fsyncSync: (fd) => fs.fsyncSync(fd),
};
