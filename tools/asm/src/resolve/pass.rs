//! One pass over the sources: walks the lines (conditionals, macro and REPT bodies, includes),
//! defines symbols, lays out bytes. Errors go to the pass's sink; whether they are reported
//! depends on whether this pass turns out to be the final one (see `resolve`).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::files::{Files, Lines};
use super::macros::{expand, MacroDef};
use super::symbols::{Sym, SymKind, SymbolTable};
use super::ResolutionState;
use crate::diag::{Diagnostic, Note, Reported, Sink, Span};
use crate::expr::{eval, Env, Expr, SymName, SymScope};
use crate::keywords;
use crate::lexer::Token;
use crate::parser::{split_commas, Block, Directive, LabelDef, Line, Stmt, StmtKind};
use crate::source::FileId;

/// Nesting of includes, macro expansions and REPT bodies together.
const MAX_NESTING: usize = 64;
/// Lines (and REPT iterations) one pass may execute: stops runaway REPT and macro loops.
const MAX_EXECUTED: u64 = 500_000;
/// Macro expansions one pass may do (each re-parses the lines that use parameters).
const MAX_EXPANSIONS: u64 = 50_000;
/// Errors kept per pass; identical ones (same message and place) count once.
const MAX_ERRORS: usize = 200;
/// Unknown-symbol uses remembered with their place (for "undefined symbol" errors).
const MAX_UNRESOLVED: usize = 1_000;

/// A run of bytes at consecutive addresses.
#[derive(Clone, Debug)]
pub(crate) struct Section {
    pub start: i64,
    pub data: Vec<u8>,
    /// The `ORG` (or the start of the file) that began it.
    pub origin: Span,
}

/// One executed source line, for the listing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Record {
    pub line: Span,
    /// Include/macro/REPT nesting (0 = a root file).
    pub depth: u16,
    pub addr: i64,
    pub section: usize,
    pub offset: usize,
    pub len: usize,
    /// The root-file line this one comes from.
    pub top: Span,
}

/// A forward reference whose value (taken from the previous pass) changed.
#[derive(Clone, Debug)]
pub(crate) struct Changed {
    pub text: Box<str>,
    pub before: i64,
    pub after: Option<i64>,
    pub span: Option<Span>,
}

pub(crate) struct PassOutput {
    pub symbols: SymbolTable,
    pub sections: Vec<Section>,
    pub records: Vec<Record>,
    pub errors: Vec<Diagnostic>,
    pub state: ResolutionState,
    pub changed: Vec<Changed>,
    /// Stopped early (runaway expansion): another pass would not help.
    pub fatal: bool,
    pub exec: Option<(i64, Span)>,
    pub printed: Vec<String>,
}

enum FrameKind {
    Root,
    Include(Span),
    Macro(Box<str>, Span),
    Rept(Span, i64),
}

struct Frame {
    kind: FrameKind,
    file: Option<FileId>,
    /// Scope of `@` labels (macro expansions and REPT iterations).
    local_id: Option<u32>,
}

struct Forward {
    key: Box<str>,
    text: Box<str>,
    value: i64,
}

struct Unresolved {
    key: Box<str>,
    text: Box<str>,
    span: Span,
    notes: Vec<Note>,
    /// Position in the error list when it was looked up (keeps errors in source order).
    at: usize,
}

struct Cond {
    span: Span,
    parent: bool,
    taking: bool,
    taken: bool,
    seen_else: bool,
}

pub(crate) struct Pass<'a, 'p> {
    pub(super) files: &'a mut Files<'p>,
    prev: &'a SymbolTable,
    pub(super) syms: SymbolTable,
    sink: Sink,
    frames: Vec<Frame>,
    macros: HashMap<Box<str>, Rc<MacroDef>>,
    /// Key and spelling of the last global label (the scope of `.local` labels).
    scope: (Box<str>, Box<str>),
    pub(super) sections: Vec<Section>,
    pub(super) pc: i64,
    pub(super) stmt_pc: i64,
    forwards: Vec<Forward>,
    unresolved: Vec<Unresolved>,
    executed: u64,
    aborted: bool,
    records: Vec<Record>,
    next_local: u32,
    pub(super) exec: Option<(i64, Span)>,
    pub(super) printed: Vec<String>,
    overflowed: bool,
    top: Span,
    /// `unknown_uses` when the current statement started: a statement that used an
    /// unknown symbol reports that, not the range errors its placeholder value causes.
    stmt_unresolved: usize,
    /// Keys of every unknown-symbol use (`unresolved` keeps only the first ones with places).
    unresolved_keys: HashSet<Box<str>>,
    /// Hashes of (message, place) of the errors kept, to drop repeats cheaply.
    seen_errors: HashSet<(u64, Option<Span>)>,
    suppressed: usize,
    expansions: u64,
    /// Uses of unknown symbols so far in this pass.
    unknown_uses: usize,
}

impl<'a, 'p> Pass<'a, 'p> {
    /// Runs one pass over `roots` in order.
    pub fn run(
        files: &'a mut Files<'p>,
        prev: &'a SymbolTable,
        roots: &[FileId],
        defines: &[(String, i64)],
    ) -> PassOutput {
        let mut syms = SymbolTable::default();
        for (name, value) in defines {
            syms.insert(
                name.to_ascii_lowercase().into(),
                Sym {
                    text: name.as_str().into(),
                    value: *value,
                    kind: SymKind::Define,
                    span: None,
                    hidden: false,
                },
            );
        }
        let mut pass = Pass {
            files,
            prev,
            syms,
            sink: Sink::default(),
            frames: Vec::new(),
            macros: HashMap::new(),
            scope: ("".into(), "".into()),
            sections: Vec::new(),
            pc: 0,
            stmt_pc: 0,
            forwards: Vec::new(),
            unresolved: Vec::new(),
            executed: 0,
            aborted: false,
            records: Vec::new(),
            next_local: 0,
            exec: None,
            printed: Vec::new(),
            overflowed: false,
            top: Span::new(FileId(0), 0, 0),
            stmt_unresolved: 0,
            unresolved_keys: HashSet::new(),
            seen_errors: HashSet::new(),
            suppressed: 0,
            expansions: 0,
            unknown_uses: 0,
        };
        for &root in roots {
            if pass.aborted {
                break;
            }
            pass.scope = ("".into(), "".into());
            let origin = Span::new(root, 0, 0);
            pass.start_section(pass.pc, origin);
            pass.frames.push(Frame {
                kind: FrameKind::Root,
                file: Some(root),
                local_id: None,
            });
            let lines = pass.files.lines(root);
            pass.run_seq(&lines);
            pass.frames.pop();
        }
        pass.finish()
    }

    fn finish(mut self) -> PassOutput {
        let guessed = self.unresolved_keys.iter().any(|k| self.syms.contains(k));
        let mut late = Vec::new();
        for u in std::mem::take(&mut self.unresolved) {
            if !self.syms.contains(&u.key) {
                let mut d = Diagnostic::error(format!("undefined symbol `{}`", u.text), u.span);
                d.notes = u.notes;
                late.push((u.at, d));
            }
        }
        let room = MAX_ERRORS.saturating_sub(self.sink.errors.len());
        self.suppressed += late.len().saturating_sub(room);
        late.truncate(room);
        for (at, d) in late.into_iter().rev() {
            self.sink.errors.insert(at, d);
        }
        if self.suppressed > 0 {
            self.sink.errors.push(Diagnostic::global(format!(
                "{} more errors not shown (after the first {MAX_ERRORS})",
                self.suppressed
            )));
        }
        let mut changed = Vec::new();
        for f in &self.forwards {
            let now = self.syms.get(&f.key);
            if now.map(|s| s.value) != Some(f.value) {
                changed.push(Changed {
                    text: f.text.clone(),
                    before: f.value,
                    after: now.map(|s| s.value),
                    span: now.and_then(|s| s.span),
                });
            }
        }
        let state = if guessed || !changed.is_empty() {
            ResolutionState::Unresolved
        } else {
            ResolutionState::Resolved
        };
        let errors = self.sink.errors;
        PassOutput {
            symbols: self.syms,
            sections: self.sections,
            records: self.records,
            errors,
            state,
            changed,
            fatal: self.aborted,
            exec: self.exec,
            printed: self.printed,
        }
    }

    // ---- errors -------------------------------------------------------------------------

    /// The macro expansions, REPT iterations and includes that led here, innermost first.
    fn context_notes(&self) -> Vec<Note> {
        self.frames
            .iter()
            .rev()
            .filter_map(|f| {
                let (message, span) = match &f.kind {
                    FrameKind::Root => return None,
                    FrameKind::Include(s) => ("in the file included here".to_string(), *s),
                    FrameKind::Macro(name, s) => {
                        (format!("in this expansion of macro `{name}`"), *s)
                    }
                    FrameKind::Rept(s, k) => (format!("in iteration {k} of this REPT"), *s),
                };
                Some(Note {
                    message,
                    span: Some(span),
                })
            })
            .collect()
    }

    pub(super) fn report(&mut self, mut d: Diagnostic) -> Reported {
        if self.sink.errors.len() >= MAX_ERRORS {
            self.suppressed += 1;
            return Reported::suppressed();
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        std::hash::Hash::hash(&d.message, &mut h);
        if !self
            .seen_errors
            .insert((std::hash::Hasher::finish(&h), d.span))
        {
            return Reported::suppressed();
        }
        d.notes.extend(self.context_notes());
        self.sink.error(d)
    }

    pub(super) fn value(&mut self, e: &Expr) -> Result<i64, Reported> {
        match eval(e, self) {
            Ok(v) => Ok(v),
            Err(d) => Err(self.report(d)),
        }
    }

    /// A value that must lie in `min..=max`; `what` names it in the error.
    pub(super) fn ranged(
        &mut self,
        e: &Expr,
        min: i64,
        max: i64,
        what: &str,
    ) -> Result<i64, Reported> {
        let v = self.value(e)?;
        if v < min || v > max {
            if self.used_unknown() {
                // The value is a placeholder; the unknown symbol is the error to report.
                return Err(Reported::suppressed());
            }
            return Err(self.report(Diagnostic::error(
                format!("{what} {v} is out of range {min}..={max}"),
                e.span(),
            )));
        }
        Ok(v)
    }

    /// True if the current statement used a symbol not known (yet).
    pub(super) fn used_unknown(&self) -> bool {
        self.unknown_uses > self.stmt_unresolved
    }

    // ---- symbols ------------------------------------------------------------------------

    /// The table key of `name` where it is used, and its full spelling.
    fn key_of<'n>(
        &self,
        name: &'n SymName,
        span: Span,
    ) -> Result<(Cow<'n, str>, Cow<'n, str>), Diagnostic> {
        match name.scope {
            SymScope::Global => Ok((Cow::Borrowed(&name.key), Cow::Borrowed(&name.text))),
            SymScope::Local => Ok((
                Cow::Owned(format!("{}{}", self.scope.0, name.key)),
                Cow::Owned(format!("{}{}", self.scope.1, name.text)),
            )),
            SymScope::MacroLocal => match self.frames.iter().rev().find_map(|f| f.local_id) {
                Some(id) => Ok((
                    Cow::Owned(format!("{}#{id}", name.key)),
                    Cow::Borrowed(&name.text),
                )),
                None => Err(Diagnostic::error(
                    format!(
                        "`{}` is a macro-local name: it is only valid inside a MACRO or REPT",
                        name.text
                    ),
                    span,
                )),
            },
        }
    }

    pub(super) fn define(&mut self, name: &SymName, span: Span, value: i64, kind: SymKind) {
        if keywords::register(&name.text).is_some() {
            self.report(Diagnostic::error(
                format!("`{}` is a register name; it cannot be a symbol", name.text),
                span,
            ));
            return;
        }
        let (key, text) = match self.key_of(name, span) {
            Ok(k) => k,
            Err(d) => {
                self.report(d);
                return;
            }
        };
        if let Some(old) = self.syms.get_mut(&key) {
            if old.kind == SymKind::Var && kind == SymKind::Var {
                old.value = value;
                return;
            }
            let first = match old.span {
                Some(s) => Note {
                    message: "first defined here".to_string(),
                    span: Some(s),
                },
                None => Note {
                    message: "first defined from outside the sources (-D or the API)".to_string(),
                    span: None,
                },
            };
            let mut d = Diagnostic::error(format!("`{text}` is defined twice"), span);
            d.notes.push(first);
            self.report(d);
            return;
        }
        let sym = Sym {
            text: text.into_owned().into(),
            value,
            kind,
            span: Some(span),
            hidden: name.scope == SymScope::MacroLocal,
        };
        self.syms.insert(key.into_owned().into(), sym);
    }

    fn define_label(&mut self, l: &LabelDef) {
        self.define(&l.name, l.span, self.pc, SymKind::Label);
        if l.name.scope == SymScope::Global {
            self.scope = (l.name.key.clone(), l.name.text.clone());
        }
    }

    fn is_defined(&mut self, name: &SymName, span: Span) -> Result<bool, Reported> {
        match self.key_of(name, span) {
            Ok((key, _)) => Ok(self.syms.contains(&key)),
            Err(d) => Err(self.report(d)),
        }
    }

    // ---- layout -------------------------------------------------------------------------

    pub(super) fn start_section(&mut self, start: i64, origin: Span) {
        self.pc = start;
        match self.sections.last_mut() {
            Some(s) if s.data.is_empty() => {
                s.start = start;
                s.origin = origin;
            }
            _ => self.sections.push(Section {
                start,
                data: Vec::new(),
                origin,
            }),
        }
    }

    /// Reserves `len` bytes at `pc`; false (and one error per pass) past &FFFF.
    fn room(&mut self, len: usize, span: Span) -> bool {
        let end = self.pc + len as i64;
        if end > 0x10000 {
            if !self.overflowed {
                self.overflowed = true;
                self.report(Diagnostic::error(
                    format!("the code runs past &FFFF (this would end at &{end:X})"),
                    span,
                ));
            }
            self.pc = end;
            return false;
        }
        true
    }

    /// After an `ORG`: the line's listing entry shows the new address.
    pub(super) fn listing_moved_to(&mut self, addr: i64) {
        let section = self.sections.len() - 1;
        if let Some(r) = self.records.last_mut().filter(|r| r.len == 0) {
            r.addr = addr;
            r.section = section;
            r.offset = self.sections[section].data.len();
        }
    }

    fn appended(&mut self, old_len: usize, len: usize) {
        let section = self.sections.len() - 1;
        if let Some(r) = self.records.last_mut() {
            if r.section == section && r.offset + r.len == old_len {
                r.len += len;
            }
        }
        self.pc += len as i64;
    }

    /// Appends bytes at the current address.
    pub(super) fn emit(&mut self, bytes: &[u8], span: Span) {
        if !self.room(bytes.len(), span) {
            return;
        }
        let Some(sec) = self.sections.last_mut() else {
            return;
        };
        let old_len = sec.data.len();
        if sec.start + old_len as i64 != self.pc {
            self.pc += bytes.len() as i64;
            return;
        }
        sec.data.extend_from_slice(bytes);
        self.appended(old_len, bytes.len());
    }

    /// Appends `len` copies of `byte`.
    pub(super) fn emit_fill(&mut self, len: usize, byte: u8, span: Span) {
        if !self.room(len, span) {
            return;
        }
        let Some(sec) = self.sections.last_mut() else {
            return;
        };
        let old_len = sec.data.len();
        if sec.start + old_len as i64 != self.pc {
            self.pc += len as i64;
            return;
        }
        sec.data.resize(old_len + len, byte);
        self.appended(old_len, len);
    }

    // ---- walking ------------------------------------------------------------------------

    fn tick(&mut self, span: Span) -> bool {
        self.executed += 1;
        if self.executed > MAX_EXECUTED && !self.aborted {
            self.aborted = true;
            self.report(Diagnostic::error(
                format!("assembly stopped after {MAX_EXECUTED} lines: a runaway REPT or macro?"),
                span,
            ));
        }
        !self.aborted
    }

    /// False (and an error) past the nesting limit; `what` is what was about to nest.
    fn nesting_ok(&mut self, span: Span, what: &str) -> bool {
        if self.frames.len() > MAX_NESTING {
            self.report(Diagnostic::error(
                format!(
                    "{what} nested more than {MAX_NESTING} deep (includes, macros and REPTs together)"
                ),
                span,
            ));
            return false;
        }
        true
    }

    fn push_frame(&mut self, kind: FrameKind, file: Option<FileId>, local: bool) {
        let local_id = local.then(|| {
            self.next_local += 1;
            self.next_local
        });
        self.frames.push(Frame {
            kind,
            file,
            local_id,
        });
    }

    /// Runs a sequence of lines: a file, a macro expansion or one REPT iteration. Conditional
    /// blocks must close within the sequence that opens them.
    fn run_seq(&mut self, lines: &[Rc<Line>]) {
        let mut conds: Vec<Cond> = Vec::new();
        let mut i = 0;
        while i < lines.len() && !self.aborted {
            let line = &lines[i];
            i += 1;
            let active = conds.last().is_none_or(|c| c.taking);
            match line.block {
                Some(Block::If) => {
                    self.stmt_pc = self.pc;
                    self.stmt_unresolved = self.unknown_uses;
                    if active {
                        if self.frames.len() == 1 {
                            self.top = line.span;
                        }
                        self.record(line);
                    }
                    let taking = active && self.tick(line.span) && self.condition(line);
                    conds.push(Cond {
                        span: line.code,
                        parent: active,
                        taking,
                        taken: taking,
                        seen_else: false,
                    });
                    continue;
                }
                Some(Block::Else) => {
                    let outer = conds.last().map_or(active, |c| c.parent);
                    if outer {
                        self.record(line);
                        self.report_parse_error(line);
                    }
                    match conds.last_mut() {
                        Some(c) if c.seen_else => {
                            if c.parent {
                                let first = c.span;
                                let d =
                                    Diagnostic::error("a second ELSE for the same IF", line.code)
                                        .note("the IF", Some(first));
                                self.report(d);
                            }
                            c.taking = false;
                        }
                        Some(c) => {
                            c.seen_else = true;
                            c.taking = c.parent && !c.taken;
                            c.taken |= c.taking;
                        }
                        None => {
                            self.report(Diagnostic::error("ELSE without IF", line.code));
                        }
                    }
                    continue;
                }
                Some(Block::Endif) => {
                    let outer = conds.last().map_or(active, |c| c.parent);
                    if outer {
                        self.record(line);
                        self.report_parse_error(line);
                    }
                    if conds.pop().is_none() {
                        self.report(Diagnostic::error("ENDIF without IF", line.code));
                    }
                    continue;
                }
                _ => {}
            }
            if !active || !self.tick(line.span) {
                continue;
            }
            self.stmt_pc = self.pc;
            self.stmt_unresolved = self.unknown_uses;
            if self.frames.len() == 1 {
                self.top = line.span;
            }
            if matches!(line.block, Some(Block::Macro | Block::Rept)) {
                self.record(line);
            }
            match line.block {
                Some(Block::Macro) => match find_end(lines, i, Block::Macro, Block::Endm) {
                    Some(end) => {
                        self.define_macro(line, &lines[i..end]);
                        i = end + 1;
                    }
                    None => {
                        self.report(Diagnostic::error("MACRO without ENDM", line.code));
                        return;
                    }
                },
                Some(Block::Rept) => match find_end(lines, i, Block::Rept, Block::Endr) {
                    Some(end) => {
                        self.rept(line, &lines[i..end]);
                        i = end + 1;
                    }
                    None => {
                        self.report(Diagnostic::error("REPT without ENDR", line.code));
                        return;
                    }
                },
                Some(Block::Endm) => {
                    self.report(Diagnostic::error("ENDM without MACRO", line.code));
                }
                Some(Block::Endr) => {
                    self.report(Diagnostic::error("ENDR without REPT", line.code));
                }
                _ => self.exec_line(line),
            }
        }
        if let Some(c) = conds.first() {
            if !self.aborted {
                let span = c.span;
                self.report(Diagnostic::error("IF without ENDIF", span));
            }
        }
    }

    fn report_parse_error(&mut self, line: &Line) {
        if let Err(e) = &line.body {
            self.report(e.clone());
        }
    }

    /// The directive of a block line, or its parse error reported.
    fn block_directive<'l>(&mut self, line: &'l Line) -> Option<(&'l Directive, &'l Stmt)> {
        match &line.body {
            Err(e) => {
                self.report(e.clone());
                None
            }
            Ok(stmts) => stmts.iter().find_map(|s| match &s.kind {
                StmtKind::Dir(d) => Some((d, s)),
                _ => None,
            }),
        }
    }

    fn condition(&mut self, line: &Line) -> bool {
        if let Some(l) = &line.label {
            self.define_label(l);
        }
        match self.block_directive(line) {
            Some((Directive::If(e), _)) => self.value(e).is_ok_and(|v| v != 0),
            Some((Directive::Ifdef { name, span, negate }, _)) => {
                self.is_defined(name, *span).is_ok_and(|d| d != *negate)
            }
            _ => false,
        }
    }

    fn define_macro(&mut self, line: &Line, body: &[Rc<Line>]) {
        if let Some(l) = &line.label {
            self.define_label(l);
        }
        let Some((Directive::Macro { name, params }, stmt)) = self.block_directive(line) else {
            return;
        };
        if keywords::is_keyword(&name.text) || keywords::register(&name.text).is_some() {
            self.report(Diagnostic::error(
                format!("`{}` is a reserved word; it cannot name a macro", name.text),
                stmt.span,
            ));
            return;
        }
        if let Some(old) = self.macros.get(&name.key) {
            let d = Diagnostic::error(format!("macro `{}` is defined twice", name.text), stmt.span)
                .note("first defined here", Some(old.span));
            self.report(d);
            return;
        }
        let def = MacroDef {
            name: name.text.clone(),
            params: params.clone(),
            body: body.iter().cloned().collect(),
            span: stmt.span,
        };
        self.macros.insert(name.key.clone(), Rc::new(def));
    }

    fn rept(&mut self, line: &Line, body: &[Rc<Line>]) {
        if let Some(l) = &line.label {
            self.define_label(l);
        }
        let Some((Directive::Rept(e), stmt)) = self.block_directive(line) else {
            return;
        };
        let Ok(count) = self.value(e) else { return };
        if count < 0 {
            self.report(Diagnostic::error(
                format!("REPT count {count} is negative"),
                e.span(),
            ));
            return;
        }
        if !self.nesting_ok(stmt.span, "REPT") {
            return;
        }
        let body: Lines = body.iter().cloned().collect();
        for k in 1..=count {
            if !self.tick(stmt.span) {
                return;
            }
            self.push_frame(FrameKind::Rept(stmt.span, k), None, true);
            self.run_seq(&body);
            self.frames.pop();
        }
    }

    /// A listing entry for `line` at the current address; bytes emitted next extend it.
    fn record(&mut self, line: &Line) {
        self.records.push(Record {
            line: line.span,
            depth: (self.frames.len() - 1) as u16,
            addr: self.pc,
            section: self.sections.len() - 1,
            offset: self.sections.last().map_or(0, |s| s.data.len()),
            len: 0,
            top: self.top,
        });
    }

    fn exec_line(&mut self, line: &Line) {
        self.record(line);
        if line.maybe_call {
            if let Some(def) = line
                .label
                .as_ref()
                .and_then(|l| self.macros.get(&l.name.key))
                .cloned()
            {
                let toks = &line.tokens;
                let span = toks[0].span.to(toks[toks.len() - 1].span);
                let end = Span::new(span.file, span.end, span.end);
                match split_commas(&toks[1..], end) {
                    Ok(args) => {
                        let args = args.into_iter().map(|(t, _)| t.to_vec()).collect();
                        self.call_macro(def, args, span);
                    }
                    Err(d) => {
                        self.report(d);
                    }
                }
                return;
            }
        }
        if let Some(l) = &line.label {
            self.define_label(l);
        }
        match &line.body {
            Err(e) => {
                self.report(e.clone());
            }
            Ok(stmts) => {
                for s in stmts {
                    self.stmt_pc = self.pc;
                    self.stmt_unresolved = self.unknown_uses;
                    self.exec_stmt(s);
                }
            }
        }
    }

    fn exec_stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Instr { mnemonic, operands } => self.instruction(mnemonic, operands, s),
            StmtKind::Call { name, args } => match self.macros.get(&name.key).cloned() {
                Some(def) => self.call_macro(def, args.clone(), s.span),
                None => {
                    let mut d =
                        Diagnostic::error(format!("unknown instruction `{}`", name.text), s.head);
                    if args.is_empty() {
                        d = d.note(
                            "a label that does not start in the first column needs a colon: `name:`",
                            None,
                        );
                    }
                    self.report(d);
                }
            },
            StmtKind::Dir(d) => self.directive(d, s),
        }
    }

    fn call_macro(&mut self, def: Rc<MacroDef>, args: Vec<Vec<Token>>, span: Span) {
        if args.len() != def.params.len() {
            let d = Diagnostic::error(
                format!(
                    "macro `{}` takes {} argument(s), found {}",
                    def.name,
                    def.params.len(),
                    args.len()
                ),
                span,
            )
            .note("the macro is defined here", Some(def.span));
            self.report(d);
            return;
        }
        if !self.nesting_ok(span, &format!("macro `{}`", def.name)) {
            return;
        }
        self.expansions += 1;
        if self.expansions > MAX_EXPANSIONS {
            if !self.aborted {
                self.aborted = true;
                self.report(Diagnostic::error(
                    format!("assembly stopped after {MAX_EXPANSIONS} macro expansions: a runaway macro?"),
                    span,
                ));
            }
            return;
        }
        let lines = expand(&def, &args);
        self.push_frame(FrameKind::Macro(def.name.clone(), span), None, true);
        self.run_seq(&lines);
        self.frames.pop();
    }

    pub(super) fn include(&mut self, path: &str, span: Span) {
        let file = match self.files.load_source(path, span.file) {
            Ok(f) => f,
            Err(msg) => {
                self.report(Diagnostic::error(msg, span));
                return;
            }
        };
        if self.frames.iter().any(|f| f.file == Some(file)) {
            let name = self.files.map.file(file).name.clone();
            self.report(Diagnostic::error(
                format!("include cycle: `{name}` is already being assembled"),
                span,
            ));
            return;
        }
        if !self.nesting_ok(span, "INCLUDE") {
            return;
        }
        self.push_frame(FrameKind::Include(span), Some(file), false);
        let lines = self.files.lines(file);
        self.run_seq(&lines);
        self.frames.pop();
    }
}

/// Index of the line that closes the block opened just before `from`.
fn find_end(lines: &[Rc<Line>], from: usize, open: Block, close: Block) -> Option<usize> {
    let mut depth = 0;
    for (i, l) in lines.iter().enumerate().skip(from) {
        match l.block {
            Some(b) if b == open => depth += 1,
            Some(b) if b == close => {
                if depth == 0 {
                    return Some(i);
                }
                depth -= 1;
            }
            _ => {}
        }
    }
    None
}

impl Env for Pass<'_, '_> {
    fn symbol(&mut self, name: &SymName, span: Span) -> Result<i64, Diagnostic> {
        let (key, text) = self.key_of(name, span)?;
        if let Some(s) = self.syms.get(&key) {
            return Ok(s.value);
        }
        if let Some(s) = self.prev.get(&key) {
            let value = s.value;
            self.forwards.push(Forward {
                key: key.into_owned().into(),
                text: text.into_owned().into(),
                value,
            });
            return Ok(value);
        }
        let key: Box<str> = key.into_owned().into();
        if self.unresolved.len() < MAX_UNRESOLVED {
            let notes = self.context_notes();
            self.unresolved.push(Unresolved {
                key: key.clone(),
                text: text.into_owned().into(),
                span,
                notes,
                at: self.sink.errors.len(),
            });
        }
        self.unresolved_keys.insert(key);
        self.unknown_uses += 1;
        Ok(0)
    }

    fn pc(&self, _span: Span) -> Result<i64, Diagnostic> {
        Ok(self.stmt_pc)
    }
}
