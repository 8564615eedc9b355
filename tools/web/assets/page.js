// The page: loads the module and the shipped build, starts the game, and joins the screen, the
// worker (Rebuild, cross-check), the panels, downloads and dropped files.
// URL: ?keys=SCRIPT (as `cpc-othello run --keys`), &frames=N (run N frames, then stop), and
// &warp=off|thinking|always.

import { CpcModule, toBase64 } from './cpc.js';
import { Screen } from './screen.js';
import { BuildPanel, CheckPanel, banner } from './panels.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const MEDIA = { dsk: 0, cdt: 1, sna: 2 };

// What the browser test reads.
const test = (window.cpcTest = { ready: false, errors: [], stopped: false, builds: 0 });
window.addEventListener('error', (e) => test.errors.push(String(e.message)));
window.addEventListener('unhandledrejection', (e) => test.errors.push(String(e.reason)));

let module = null; // the compiled WebAssembly.Module
let cpc = null; // the screen's instance
let screen = null;
let running = null; // {bundle, summary, weights} of the build that runs, or {dropped}
let lastBuild = null; // {bundle, weights, origin}: what "Back to the build" starts again
let generation = 0; // checks of an older machine are dropped
const buildPanel = new BuildPanel();
const checks = new CheckPanel();

// ----- the worker --------------------------------------------------------------------------

let worker = null;
let nextId = 1;
const waiting = new Map();

function startWorker() {
  worker = new Worker('worker.js', { type: 'module' });
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.op === 'panic') {
      test.errors.push(`worker panic: ${msg.message}`);
      banner(`The worker stopped on an internal error (${msg.message}); it starts again for the next request.`);
    } else if (msg.op === 'reply') {
      const done = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (done) done(msg);
    }
  };
  worker.onerror = (e) => {
    test.errors.push(`worker: ${e.message}`);
    banner(`The worker failed: ${e.message}`);
  };
  worker.postMessage({ op: 'init', module });
}

function ask(request) {
  return new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    worker.postMessage({ ...request, id });
  });
}

// ----- the machine -------------------------------------------------------------------------

async function newInstance() {
  return CpcModule.create(module, (message) => {
    test.errors.push(`panic: ${message}`);
    banner(`The emulator stopped on an internal error: ${message}`, {
      label: 'Start again',
      run: restart,
    });
  });
}

async function restart() {
  cpc = await newInstance();
  if (lastBuild) boot(lastBuild.bundle, lastBuild.weights, lastBuild.origin);
}

// Starts a build's game; false (and the running game left alone) when it cannot.
function boot(bundle, weights, origin) {
  const started = cpc.text('session_boot', [bundle]);
  if (!started.ok) {
    banner(`The build cannot start: ${started.text}`);
    return false;
  }
  const summary = JSON.parse(cpc.text('bundle_summary', [bundle]).text);
  running = { bundle, summary, weights };
  lastBuild = { bundle, weights, origin };
  generation++;
  screen.restart();
  checks.reset('');
  buildPanel.built(summary, origin);
  test.build = summary;
  setMedia(true);
  $('back').classList.add('hidden');
  banner('');
  return true;
}

function setMedia(on) {
  for (const b of document.querySelectorAll('[data-medium]')) {
    b.disabled = !on;
    b.title = on ? '' : 'a dropped file: Rebuild (or Back to the build) for the media';
  }
}

// ----- each batch of frames ----------------------------------------------------------------

let lastStatus = 0;
let shownStop = null;
let fpsWindow = { at: performance.now(), frames: 0, fps: 0 };

function onFrames(ran) {
  test.frame = screen.frame;
  fpsWindow.frames += ran;
  const seen = JSON.parse(cpc.text('session_seen').text);
  for (const move of seen) check(move);
  const now = performance.now();
  if (now - fpsWindow.at >= 1000) {
    fpsWindow = { at: now, frames: 0, fps: (fpsWindow.frames * 1000) / (now - fpsWindow.at) };
  }
  if (now - lastStatus > 200) {
    lastStatus = now;
    showStatus();
  }
}

function showStatus() {
  const status = JSON.parse(cpc.text('session_status').text);
  test.status = status;
  const parts = [`frame ${status.frame}`, `CPC ${status.cpc_seconds.toFixed(1)} s`];
  if (fpsWindow.fps) parts.push(`${Math.round(fpsWindow.fps)} frames/s`);
  const g = status.game;
  if (g) {
    parts.push(`level ${g.level}`, g.thinking ? 'the computer thinks' : g.state);
    if (g.game_over && g.state !== 'game over') parts.push('game over');
  } else {
    parts.push(status.description);
  }
  $('status').textContent = parts.join(' · ');
  if (status.stopped && status.stopped !== shownStop) {
    shownStop = status.stopped;
    banner(`The program stopped: ${status.stopped}`, { label: 'Reset', run: reset });
  }
}

function onStop() {
  test.stopped = true;
  showStatus();
}

function check(move) {
  if (!running || !running.weights) return;
  const mine = generation;
  checks.sent();
  ask({ op: 'check', move, weights: running.weights }).then((reply) => {
    if (mine !== generation) return;
    if (reply.ok) checks.received(move, reply.outcome);
    else checks.failed(reply.error.message);
    test.checks = { ...checks.counts };
    test.outcomes = checks.outcomes;
  });
}

// ----- buttons -----------------------------------------------------------------------------

async function rebuild() {
  const text = $('weights').value;
  $('rebuild').disabled = true;
  buildPanel.busy('Assembling the Z80 program…');
  const reply = await ask({ op: 'build', text });
  $('rebuild').disabled = false;
  test.builds++;
  if (!reply.ok) {
    test.buildError = reply.error;
    buildPanel.failed(reply.error);
    return;
  }
  test.buildError = null;
  boot(new Uint8Array(reply.bundle), text, `Rebuilt in ${Math.round(reply.ms)} ms`);
  $('screen').focus();
}

function reset() {
  const done = cpc.text('session_reset');
  if (!done.ok) banner(`Reset failed: ${done.text}`);
  shownStop = null;
  screen.restart();
  $('screen').focus();
}

function save(bytes, name, type = 'application/octet-stream') {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

function download(medium) {
  if (!running || !running.bundle) return;
  const made = cpc.bytes('medium', [running.bundle], [MEDIA[medium]]);
  if (made.ok) save(made.bytes, `othello.${medium}`);
  else banner(`No .${medium}: ${new TextDecoder().decode(made.bytes)}`);
}

// The browser test compares the media and the record with the CLI's.
test.medium = (medium) => {
  const made = cpc.bytes('medium', [running.bundle], [MEDIA[medium]]);
  return made.ok ? toBase64(made.bytes) : null;
};
test.record = () => cpc.text('session_record').text;
// A move as the program would report it, through the real check (the test shows a mismatch).
test.checkMove = (move) => check(move);

function saveRecord() {
  const record = cpc.text('session_record');
  if (record.ok) save(record.text, 'othello-game.txt', 'text/plain');
  else banner(`No game record: ${record.text}`);
}

async function openFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (/\.toml$/i.test(file.name)) {
    $('weights').value = new TextDecoder().decode(bytes);
    buildPanel.busy(`${file.name} is in the editor: Rebuild to run it.`);
    return;
  }
  const opened = cpc.text('session_open', [file.name, bytes]);
  if (!opened.ok) {
    banner(opened.text); // the running game goes on
    return;
  }
  running = { dropped: file.name };
  generation++;
  screen.restart();
  shownStop = null;
  checks.reset(
    `Not checked: ${file.name} was dropped on the page, without the symbol file and weights ` +
      'the cross-check needs (put its weights file in the editor and Rebuild instead).',
  );
  setMedia(false);
  $('back').classList.remove('hidden');
  banner('');
  $('screen').focus();
}

function wire() {
  $('rebuild').addEventListener('click', rebuild);
  $('shipped').addEventListener('click', () => {
    $('weights').value = cpc.text('default_weights').text;
  });
  $('pause').addEventListener('click', () => {
    screen.paused = !screen.paused;
    $('pause').textContent = screen.paused ? 'Run' : 'Pause';
    $('screen').focus();
  });
  $('reset').addEventListener('click', reset);
  $('warp').addEventListener('change', () => {
    screen.warp = $('warp').value;
    $('screen').focus();
  });
  $('back').addEventListener('click', () => {
    if (lastBuild) boot(lastBuild.bundle, lastBuild.weights, lastBuild.origin);
  });
  for (const b of document.querySelectorAll('[data-medium]')) {
    b.addEventListener('click', () => download(b.dataset.medium));
  }
  $('record').addEventListener('click', saveRecord);
  $('open').addEventListener('change', (e) => e.target.files[0] && openFile(e.target.files[0]));
  document.addEventListener('dragover', (e) => {
    e.preventDefault();
    document.body.classList.add('dropping');
  });
  document.addEventListener('dragleave', () => document.body.classList.remove('dropping'));
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    document.body.classList.remove('dropping');
    const file = e.dataTransfer.files[0];
    if (file) openFile(file);
  });
  const fit = () => {
    const room = $('play').clientWidth;
    const k = Math.max(1, Math.min(4, Math.floor(room / 384)));
    $('screen').style.width = `${384 * k}px`;
    $('screen').style.height = `${272 * k}px`;
  };
  window.addEventListener('resize', fit);
  fit();
}

// ----- start -------------------------------------------------------------------------------

async function main() {
  const [compiled, shipped] = await Promise.all([
    WebAssembly.compileStreaming(fetch('cpc_web.wasm')),
    fetch('default.build').then((r) => {
      if (!r.ok) throw new Error(`default.build: HTTP ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  module = compiled;
  cpc = await newInstance();
  const shippedText = cpc.text('default_weights').text;
  $('weights').value = shippedText;
  screen = new Screen($('screen'), () => cpc, onFrames, onStop);
  window.cpcScreen = screen; // the browser test reads its pixels and speed
  const warp = params.get('warp');
  if (warp) $('warp').value = warp;
  screen.warp = $('warp').value;
  if (params.has('frames')) {
    const frames = Number(params.get('frames'));
    if (Number.isInteger(frames) && frames >= 0) screen.stopAt = frames;
    else banner(`frames=${params.get('frames')}: not a number of frames; running on.`);
  }
  wire();
  if (!boot(new Uint8Array(shipped), shippedText, 'Shipped build of cpc/weights.toml')) return;
  if (params.has('keys')) {
    const scheduled = cpc.text('session_keys', [params.get('keys')]);
    if (!scheduled.ok) banner(scheduled.text);
  }
  startWorker();
  test.loadMs = performance.now();
  test.ready = true;
  $('screen').focus();
  // The page's own build of the shipped text must give the shipped program.
  const again = await ask({ op: 'build', text: shippedText });
  test.selfBuild = again.ok ? { crc32: again.summary.crc32, ms: again.ms } : again.error;
  if (running && running.summary && lastBuild.origin.startsWith('Shipped')) {
    if (again.ok && again.summary.crc32 === running.summary.crc32) {
      buildPanel.note(`Assembled again in this page in ${Math.round(again.ms)} ms: the same CRC-32.`);
    } else if (again.ok) {
      buildPanel.note(`Assembled again in this page: CRC-32 ${again.summary.crc32}, NOT the shipped one!`);
    }
  }
}

main().catch((err) => {
  test.errors.push(`start: ${err.message}`);
  banner(`The page could not start: ${err.message}`);
});
