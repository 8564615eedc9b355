// The glue between the page and its WebAssembly module (tools/web/src/abi.rs): input bytes
// and text go into blocks of the module's memory from `alloc`, answers come back through its
// output buffer. One compiled module, several instances: the screen's, and the worker's.

export const WIDTH = 768;
export const HEIGHT = 544;

const encoder = new TextEncoder();

// Bytes as base64 (what the browser test reads back through WebDriver).
export function toBase64(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}
const decoder = new TextDecoder();

export class CpcModule {
  // Instantiates `module` (a WebAssembly.Module); `onPanic(message)` is told when the Rust
  // code panics (the instance is dead afterwards: make a new one).
  static async create(module, onPanic) {
    const self = new CpcModule();
    self.dead = null;
    const imports = {
      env: {
        host_panic: (ptr, len) => {
          self.dead = decoder.decode(new Uint8Array(self.e.memory.buffer, ptr, len).slice());
          onPanic(self.dead);
        },
      },
    };
    const instance = await WebAssembly.instantiate(module, imports);
    self.e = instance.exports;
    self.e.init();
    return self;
  }

  // Calls export `name` with `inputs` (strings or bytes, each passed as pointer and length)
  // followed by the numbers `extra`; returns the export's return value.
  call(name, inputs = [], extra = []) {
    if (this.dead) throw new Error(`the module stopped: ${this.dead}`);
    const blocks = inputs.map((x) => (typeof x === 'string' ? encoder.encode(x) : new Uint8Array(x)));
    const args = [];
    const owned = [];
    for (const bytes of blocks) {
      const ptr = this.e.alloc(bytes.length);
      new Uint8Array(this.e.memory.buffer, ptr, bytes.length).set(bytes);
      args.push(ptr, bytes.length);
      owned.push([ptr, bytes.length]);
    }
    try {
      return this.e[name](...args, ...extra);
    } catch (err) {
      throw new Error(`the module stopped: ${this.dead || err.message}`);
    } finally {
      if (!this.dead) for (const [ptr, len] of owned) this.e.dealloc(ptr, len);
    }
  }

  // The last answer, as bytes (a copy) or text.
  out() {
    return new Uint8Array(this.e.memory.buffer, this.e.out_ptr(), this.e.out_len()).slice();
  }

  outText() {
    return decoder.decode(this.out());
  }

  // Calls `name` and returns {ok, text} (code 0: the answer; 1: an error message).
  text(name, inputs = [], extra = []) {
    const code = this.call(name, inputs, extra);
    return { ok: code === 0, text: this.outText() };
  }

  // Calls `name` and returns {ok, bytes}.
  bytes(name, inputs = [], extra = []) {
    const code = this.call(name, inputs, extra);
    return { ok: code === 0, bytes: this.out() };
  }

  // The screen as an ImageData over the module's memory (valid until the next call).
  picture() {
    const ptr = this.e.session_rgba();
    if (!ptr) return null;
    const data = new Uint8ClampedArray(this.e.memory.buffer, ptr, WIDTH * HEIGHT * 4);
    return new ImageData(data, WIDTH, HEIGHT);
  }
}
