import { deflateRaw } from 'pako';
import * as zlibDeflate from 'pako/lib/zlib/deflate.js';
import ZStream from 'pako/lib/zlib/zstream.js';

// zlib's constants, as pako's port of zlib 1.2.x uses them.
const Z_FINISH = 4;
const Z_STREAM_END = 1;
const Z_DEFLATED = 8;
const Z_DEFAULT_STRATEGY = 0;
const RAW_WINDOW_BITS = -15;
const MEM_LEVEL = 8;
const MIN_MATCH = 3;

/**
 * Raw DEFLATE at level 9, byte-identical to reference zlib 1.2.13 and so to Java's
 * `new Deflater(9, true)` that PlantUML uses: pako 2.1.0 (pinned) is a faithful port; pako 3.x
 * and Node's zlib (Chromium's fork) produce different, equally valid streams.
 *
 * `pako.deflateRaw` allocates ~300 KB of state per call and `deflateReset` clears it with
 * element-by-element loops: together ~150 µs of a small diagram's ~170 µs. One stream is kept
 * instead (calls are synchronous, so it is never shared) and reset below.
 */
export function deflateRawLevel9(input: Uint8Array): Uint8Array {
  const { strm } = reusableStream;
  resetToFreshState();
  const output = new Uint8Array(input.length + (input.length >> 3) + 64);
  Object.assign(strm, {
    input,
    next_in: 0,
    avail_in: input.length,
    output,
    next_out: 0,
    avail_out: output.length,
  });
  const status = zlibDeflate.deflate(strm, Z_FINISH);
  // Incompressible input can outgrow the estimate; the one-shot API sizes its own output.
  if (status !== Z_STREAM_END) return deflateRaw(input, { level: 9 });
  return output.subarray(0, strm.next_out);
}

/**
 * zlib's `deflateReset` (`deflateResetKeep` + `lm_init`), clearing arrays with `fill`. pako's
 * port also skips zlib's zeroing of the window past the data (`high_water`), relying on arrays
 * that start zeroed, so the window and hash links are cleared too: each call then starts from
 * exactly a new stream's state (the golden and Java-differential tests hold this to the byte).
 * Level, strategy and window size never change, so `lm_init`'s parameter copy is not needed.
 */
function resetToFreshState(): void {
  const { strm, state } = reusableStream;
  zlibDeflate.deflateResetKeep(strm);
  state.head.fill(0);
  state.prev.fill(0);
  state.window.fill(0);
  state.strstart = 0;
  state.block_start = 0;
  state.lookahead = 0;
  state.insert = 0;
  state.match_length = MIN_MATCH - 1;
  state.prev_length = MIN_MATCH - 1;
  state.match_available = 0;
  state.ins_h = 0;
}

/** The fields of pako's `DeflateState` that a reset touches. */
interface DeflateState {
  window: Uint8Array;
  prev: Uint16Array;
  head: Uint16Array;
  strstart: number;
  block_start: number;
  lookahead: number;
  insert: number;
  match_length: number;
  prev_length: number;
  match_available: number;
  ins_h: number;
}

const reusableStream = (() => {
  const strm = new ZStream();
  const status = zlibDeflate.deflateInit2(
    strm,
    9,
    Z_DEFLATED,
    RAW_WINDOW_BITS,
    MEM_LEVEL,
    Z_DEFAULT_STRATEGY,
  );
  if (status !== 0) throw new Error(`pako deflateInit2 failed with status ${status}`);
  return { strm, state: strm.state as DeflateState };
})();
