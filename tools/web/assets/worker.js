// The page's worker: Rebuild (the weights text to a program, with the same assembler and build
// as `cpc-othello build`) and the cross-check of each computer move against the reference
// engine, both in its own instance of the page's module, so the screen never waits for them.
// Messages in: {op: 'init', module}, {op: 'build', id, text}, {op: 'check', id, move, weights}.

import { CpcModule } from './cpc.js';

let module = null;
let cpc = null; // a promise of the instance; a new one after a panic

function instance() {
  if (!cpc) {
    cpc = CpcModule.create(module, (message) => {
      cpc = null;
      self.postMessage({ op: 'panic', message });
    });
  }
  return cpc;
}

function build(m, msg) {
  const started = performance.now();
  const made = m.bytes('build', [msg.text]);
  const ms = performance.now() - started;
  if (!made.ok) {
    const error = JSON.parse(new TextDecoder().decode(made.bytes));
    return { id: msg.id, ok: false, error, ms };
  }
  const summary = JSON.parse(m.text('bundle_summary', [made.bytes]).text);
  return { id: msg.id, ok: true, bundle: made.bytes.buffer, summary, ms, transfer: [made.bytes.buffer] };
}

function check(m, msg) {
  const started = performance.now();
  const request = JSON.stringify({ move: msg.move, weights: msg.weights });
  const done = m.text('check_move', [request]);
  const ms = performance.now() - started;
  if (!done.ok) return { id: msg.id, ok: false, error: { message: done.text }, ms };
  return { id: msg.id, ok: true, outcome: JSON.parse(done.text), ms };
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.op === 'init') {
    module = msg.module;
    await instance();
    self.postMessage({ op: 'ready' });
    return;
  }
  let reply;
  try {
    const m = await instance();
    reply = msg.op === 'build' ? build(m, msg) : check(m, msg);
  } catch (err) {
    reply = { id: msg.id, ok: false, error: { message: String(err.message || err) } };
  }
  const transfer = reply.transfer || [];
  delete reply.transfer;
  self.postMessage({ op: 'reply', ...reply }, transfer);
};
