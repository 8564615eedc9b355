// The page's panels: the build (its CRC-32, the opening book, a mistake with its line and
// column), the cross-check (counts, the last move compared, a mismatch shown loudly with its
// position and command line), and the banner for anything that went wrong.

const $ = (id) => document.getElementById(id);

export function banner(message, action) {
  const el = $('banner');
  el.textContent = message;
  if (action) {
    const button = document.createElement('button');
    button.textContent = action.label;
    button.addEventListener('click', () => {
      el.classList.add('hidden');
      action.run();
    });
    el.append(' ', button);
  }
  el.classList.toggle('hidden', !message);
}

export function hex(n, width = 4) {
  return '&' + n.toString(16).toUpperCase().padStart(width, '0');
}

// The build panel: what runs, or the mistake.
export class BuildPanel {
  constructor() {
    this.status = $('build-status');
    this.error = $('build-error');
    this.editor = $('weights');
  }

  busy(text) {
    this.status.textContent = text;
  }

  built(summary, origin) {
    const book = summary.book_left_out
      ? `opening book left out: ${summary.book_left_out}`
      : 'opening book in';
    this.status.innerHTML = '';
    const crc = document.createElement('strong');
    crc.id = 'crc32';
    crc.textContent = summary.crc32;
    this.status.append(
      `${origin}: CRC-32 `,
      crc,
      `, ${summary.bytes} bytes at ${hex(summary.load)}; ${book}.`,
    );
    this.error.classList.add('hidden');
  }

  note(text) {
    const p = document.createElement('span');
    p.className = 'note';
    p.textContent = ' ' + text;
    this.status.append(p);
  }

  failed(error) {
    this.error.textContent = error.message + '\nThe running game is left as it was.';
    this.error.classList.remove('hidden');
    this.status.textContent = 'Rebuild failed.';
    if (error.line) this.select(error.line, error.col || 1);
  }

  // Puts the editor's caret at line:col.
  select(line, col) {
    const lines = this.editor.value.split('\n');
    let at = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
    at += col - 1;
    this.editor.focus();
    this.editor.setSelectionRange(at, Math.min(at + 1, this.editor.value.length));
    const lineHeight = this.editor.scrollHeight / Math.max(lines.length, 1);
    this.editor.scrollTop = Math.max(0, (line - 5) * lineHeight);
  }
}

const SIDES = { 1: 'black', 2: 'white' };

// The cross-check panel.
export class CheckPanel {
  constructor() {
    this.summary = $('check-summary');
    this.last = $('check-last');
    this.box = $('mismatch');
    this.reset('');
  }

  reset(why) {
    this.counts = { checked: 0, mismatches: 0, skipped: 0, pending: 0 };
    this.outcomes = [];
    this.off = why;
    this.last.textContent = '';
    this.box.classList.add('hidden');
    this.box.innerHTML = '';
    this.show();
  }

  show() {
    const c = this.counts;
    if (this.off) {
      this.summary.textContent = this.off;
      return;
    }
    let text = `${c.checked} move${c.checked === 1 ? '' : 's'} checked, ${c.mismatches} mismatch${c.mismatches === 1 ? '' : 'es'}`;
    if (c.skipped) text += `; ${c.skipped} not compared`;
    if (c.pending) text += ` (${c.pending} being checked)`;
    this.summary.textContent = text;
    this.summary.classList.toggle('bad', c.mismatches > 0);
  }

  sent() {
    this.counts.pending++;
    this.show();
  }

  received(move, outcome) {
    this.counts.pending--;
    this.outcomes.push(outcome);
    const who = `ply ${move.ply + 1}, ${SIDES[move.side] || '?'}, level ${move.level}, ${outcome.stage}`;
    if (outcome.verdict === 'agree') {
      this.counts.checked++;
      const score = outcome.score > 0 ? `+${outcome.score}` : `${outcome.score}`;
      this.last.textContent = `Last: ${who}: the program played ${outcome.z80}, the reference ${outcome.reference} (score ${score}).`;
    } else if (outcome.verdict === 'skipped') {
      this.counts.skipped++;
      this.last.textContent = `Last: ${who}: ${outcome.z80}, not compared: ${outcome.note}.`;
    } else {
      this.counts.checked++;
      this.counts.mismatches++;
      this.mismatch(who, outcome);
    }
    this.show();
  }

  failed(message) {
    this.counts.pending--;
    this.last.textContent = `The check failed: ${message}`;
    this.show();
  }

  mismatch(who, outcome) {
    this.box.classList.remove('hidden');
    this.box.innerHTML = '';
    const title = document.createElement('h3');
    title.textContent = `MISMATCH at ${who}`;
    const what = document.createElement('p');
    const reference = outcome.reference
      ? `the reference ${outcome.reference} (score ${outcome.score})`
      : 'the reference has no answer at this stage';
    what.textContent = `The program played ${outcome.z80}; ${reference}. ${outcome.note}.`;
    const board = document.createElement('pre');
    board.className = 'board';
    board.textContent = drawBoard(outcome.position);
    const command = document.createElement('code');
    command.textContent = outcome.command;
    const copy = document.createElement('button');
    copy.textContent = 'Copy the command';
    copy.addEventListener('click', () => copyText(outcome.command, copy));
    this.box.append(title, what, board, command, document.createElement('br'), copy);
  }
}

// "XO-..." plus the side to move, as an 8 x 8 grid with coordinates.
function drawBoard(position) {
  const [cells, side] = position.split(' ');
  if (!cells || cells.length !== 64) return position;
  const rows = ['  a b c d e f g h'];
  for (let r = 0; r < 8; r++) {
    rows.push(`${r + 1} ` + cells.slice(r * 8, r * 8 + 8).split('').join(' '));
  }
  rows.push(`${side === 'O' ? 'white (O)' : 'black (X)'} to move`);
  return rows.join('\n');
}

async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    const range = document.createRange();
    range.selectNodeContents(button.previousElementSibling.previousElementSibling);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    button.textContent = 'Selected: press Ctrl+C';
  }
}
