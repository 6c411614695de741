// pako's zlib-level API (a port of zlib's deflate.c), which @types/pako does not describe.
declare module 'pako/lib/zlib/zstream.js' {
  export default class ZStream {
    input: Uint8Array | null;
    next_in: number;
    avail_in: number;
    output: Uint8Array | null;
    next_out: number;
    avail_out: number;
    state: unknown;
  }
}

declare module 'pako/lib/zlib/deflate.js' {
  import type ZStream from 'pako/lib/zlib/zstream.js';
  export function deflateInit2(
    strm: ZStream,
    level: number,
    method: number,
    windowBits: number,
    memLevel: number,
    strategy: number,
  ): number;
  export function deflateResetKeep(strm: ZStream): number;
  export function deflate(strm: ZStream, flush: number): number;
}
