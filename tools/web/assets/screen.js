// Play: the emulator in the canvas at the CPC's 50 frames a second (a 19.968 ms accumulator
// fed by requestAnimationFrame), warp (as many frames as fit in 14 ms of each animation frame,
// while the computer thinks or always), paused while the tab is hidden, the PC keyboard passed
// to the CPC as `cpc-othello run` maps it (the module decides which keys are the CPC's).
// Warp runs a slice's frames in as few calls as it can, sized from the time frames took so
// far: the emulator draws only the last frame of a call, and drawing a frame costs as much as
// running two or three.

import { WIDTH, HEIGHT, toBase64 } from './cpc.js';

export const FRAME_MS = 19.968;
const WARP_SLICE_MS = 14;
const MAX_CATCH_UP = 5; // frames run at most per animation frame at normal speed
// The fastest a warped frame is taken to be (an idle CPC, halted to each interrupt), so that a
// call sized from the estimate stays a few tens of milliseconds at worst.
const MIN_MS_PER_FRAME = 0.05;

export class Screen {
  // `module()` gives the current instance (it changes after a panic); `onFrames(ran)` is
  // called after frames ran; `onStop()` when the frame limit is reached.
  constructor(canvas, module, onFrames, onStop) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d', { alpha: false });
    this.module = module;
    this.onFrames = onFrames;
    this.onStop = onStop;
    this.paused = false;
    this.warp = 'off';
    this.stopAt = null; // run this many frames, then stop (tests: ?frames=N)
    this.frame = 0;
    this.acc = 0;
    this.last = null;
    this.speed = { frames: 0, ms: 0 }; // frames run and wall time, while warping
    this.msPerFrame = 1; // while warping: the wall time of a frame, as last measured
    this.keyHandlers();
    document.addEventListener('visibilitychange', () => {
      this.last = null;
      if (document.hidden) this.releaseKeys();
    });
    requestAnimationFrame((t) => this.tick(t));
  }

  // A new machine: count frames afresh.
  restart() {
    this.frame = 0;
    this.acc = 0;
    this.stopped = false;
  }

  tick(now) {
    requestAnimationFrame((t) => this.tick(t));
    const dt = this.last === null ? 0 : Math.min(now - this.last, 250);
    this.last = now;
    const m = this.module();
    if (!m || m.dead || this.paused || document.hidden || this.stopped) return;
    const left = this.stopAt === null ? Infinity : this.stopAt - this.frame;
    if (left <= 0) return this.stop();
    let ran = 0;
    const warping =
      this.warp === 'always' || (this.warp === 'thinking' && m.e.session_thinking() === 1);
    try {
      if (warping) {
        const started = performance.now();
        for (;;) {
          const spare = WARP_SLICE_MS - (performance.now() - started);
          const fit = Math.floor(spare / this.msPerFrame);
          // At least one frame a slice; another call only if it has a few frames to run
          // (each call draws its last).
          if (ran >= left || (ran > 0 && fit < 4)) break;
          // The first call fills half the slice: frames cost more while the computer thinks
          // than while the CPC waits, so the estimate may be low; the second is sized afresh.
          const want = Math.min(ran === 0 ? Math.max(fit >> 1, 1) : fit, left - ran);
          const callStarted = performance.now();
          const got = m.e.session_run(want, 0);
          ran += got;
          const took = (performance.now() - callStarted) / Math.max(got, 1);
          this.msPerFrame = Math.max(took, MIN_MS_PER_FRAME);
          if (got < want) break; // the program stopped
          if (this.warp === 'thinking' && m.e.session_thinking() !== 1) break;
        }
        this.speed.frames += ran;
        this.speed.ms += performance.now() - started;
        this.acc = 0;
      } else {
        this.acc += dt;
        const due = Math.min(Math.floor(this.acc / FRAME_MS), MAX_CATCH_UP, left);
        this.acc = Math.min(this.acc - due * FRAME_MS, FRAME_MS);
        if (due > 0) ran = m.e.session_run(due, 0);
      }
    } catch (err) {
      // A panic: the page is told through the module's onPanic.
      return;
    }
    if (ran > 0) {
      this.frame += ran;
      this.draw();
      this.onFrames(ran);
    }
    if (this.stopAt !== null && this.frame >= this.stopAt) this.stop();
  }

  stop() {
    if (!this.stopped) {
      this.stopped = true;
      this.onStop();
    }
  }

  draw() {
    const m = this.module();
    const picture = m && !m.dead ? m.picture() : null;
    if (picture) this.ctx.putImageData(picture, 0, 0);
  }

  releaseKeys() {
    const m = this.module();
    if (m && !m.dead) m.e.session_release_all();
  }

  keyHandlers() {
    const pass = (event, down) => {
      const m = this.module();
      if (!m || m.dead || event.metaKey) return;
      // A held key's repeats change nothing (the CPC repeats keys itself), but the browser
      // must not act on them either.
      if (m.call('session_key', [event.code], [down ? 1 : 0]) === 1) event.preventDefault();
    };
    this.canvas.addEventListener('keydown', (e) => pass(e, true));
    this.canvas.addEventListener('keyup', (e) => pass(e, false));
    this.canvas.addEventListener('blur', () => this.releaseKeys());
  }

  // The canvas's pixels, RGBA, base64 (the browser test compares them with the CLI's).
  pixelsBase64() {
    return toBase64(this.ctx.getImageData(0, 0, WIDTH, HEIGHT).data);
  }
}
