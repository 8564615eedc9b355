//! Executing one statement in a pass: the directives that lay out or define something, and
//! instructions (operands are evaluated here, then handed to the encoder).

use super::pass::Pass;
use super::symbols::SymKind;
use crate::diag::{Diagnostic, Span};
use crate::encode::{encode, Check, EncodeError, Operand};
use crate::parser::{DataItem, Directive, OperandAst, OperandNode, Stmt};

/// What the encoder is given for an operand whose value failed (the error is already reported):
/// any value will do, because sizes never depend on values.
const PLACEHOLDER: i64 = 0;

impl Pass<'_, '_> {
    pub(super) fn directive(&mut self, d: &Directive, s: &Stmt) {
        match d {
            Directive::Org(e) => {
                if let Ok(addr) = self.ranged(e, 0, 0xFFFF, "address") {
                    self.start_section(addr, s.span);
                    self.listing_moved_to(addr);
                }
            }
            Directive::Equ {
                name,
                name_span,
                value,
                reassignable,
            } => {
                let v = self.value(value).unwrap_or(PLACEHOLDER);
                let kind = if *reassignable {
                    SymKind::Var
                } else {
                    SymKind::Equ
                };
                self.define(name, *name_span, v, kind);
            }
            Directive::Db(items) => {
                let mut bytes = Vec::with_capacity(items.len());
                for item in items {
                    match item {
                        DataItem::Str(text, span) => self.string_bytes(text, *span, &mut bytes),
                        DataItem::Expr(e) => {
                            let v = self
                                .ranged(e, -128, 255, "byte value")
                                .unwrap_or(PLACEHOLDER);
                            bytes.push(v as u8);
                        }
                    }
                }
                self.emit(&bytes, s.span);
            }
            Directive::Dw(items) => {
                let mut bytes = Vec::with_capacity(items.len() * 2);
                for e in items {
                    let v = self
                        .ranged(e, -32768, 65535, "word value")
                        .unwrap_or(PLACEHOLDER);
                    bytes.extend_from_slice(&(v as u16).to_le_bytes());
                }
                self.emit(&bytes, s.span);
            }
            Directive::Ds { count, fill } => {
                let Ok(n) = self.ranged(count, 0, 0x10000, "DS size") else {
                    return;
                };
                let fill = self.fill_byte(fill.as_ref());
                self.emit_fill(n as usize, fill, s.span);
            }
            Directive::Align { to, fill } => {
                let Ok(n) = self.ranged(to, 1, 0x10000, "ALIGN boundary") else {
                    return;
                };
                let fill = self.fill_byte(fill.as_ref());
                let pad = (n - self.pc.rem_euclid(n)) % n;
                self.emit_fill(pad as usize, fill, s.span);
            }
            Directive::Include { path, span } => self.include(path, *span),
            Directive::Incbin {
                path,
                span,
                offset,
                length,
            } => self.incbin(path, *span, offset.as_ref(), length.as_ref(), s.span),
            Directive::Assert { cond, message } => {
                if let Ok(0) = self.value(cond) {
                    let text = match message {
                        Some(m) => format!("assertion failed: {m}"),
                        None => "assertion failed".to_string(),
                    };
                    self.report(Diagnostic::error(text, cond.span()));
                }
            }
            Directive::Print(items) => {
                let mut parts = Vec::new();
                for item in items {
                    match item {
                        DataItem::Str(text, _) => parts.push(text.to_string()),
                        DataItem::Expr(e) => match self.value(e) {
                            Ok(v) => parts.push(v.to_string()),
                            Err(_) => return,
                        },
                    }
                }
                self.printed.push(parts.join(" "));
            }
            Directive::Run(e) => {
                let Ok(addr) = self.ranged(e, 0, 0xFFFF, "entry address") else {
                    return;
                };
                if let Some((_, first)) = self.exec {
                    let d = Diagnostic::error("a second RUN", s.span)
                        .note("the first RUN", Some(first));
                    self.report(d);
                } else {
                    self.exec = Some((addr, s.span));
                }
            }
            // Block directives are handled by the walker, line by line.
            Directive::If(_)
            | Directive::Ifdef { .. }
            | Directive::Else
            | Directive::Endif
            | Directive::Macro { .. }
            | Directive::Endm
            | Directive::Rept(_)
            | Directive::Endr => {}
        }
    }

    fn fill_byte(&mut self, fill: Option<&crate::expr::Expr>) -> u8 {
        fill.map_or(0, |f| {
            self.ranged(f, -128, 255, "fill byte")
                .unwrap_or(PLACEHOLDER) as u8
        })
    }

    fn string_bytes(&mut self, text: &str, span: Span, out: &mut Vec<u8>) {
        for c in text.chars() {
            if (c as u32) < 256 {
                out.push(c as u32 as u8);
            } else {
                self.report(Diagnostic::error(
                    format!("character `{c}` has no 8-bit code"),
                    span,
                ));
                out.push(PLACEHOLDER as u8);
            }
        }
    }

    fn incbin(
        &mut self,
        path: &str,
        span: Span,
        offset: Option<&crate::expr::Expr>,
        length: Option<&crate::expr::Expr>,
        stmt: Span,
    ) {
        let data = match self.files.load_binary(path, span.file) {
            Ok(d) => d,
            Err(msg) => {
                self.report(Diagnostic::error(msg, span));
                return;
            }
        };
        let size = data.len() as i64;
        let start = match offset {
            Some(e) => match self.ranged(e, 0, size, "INCBIN offset") {
                Ok(v) => v,
                Err(_) => return,
            },
            None => 0,
        };
        let len = match length {
            Some(e) => match self.ranged(e, 0, size - start, "INCBIN length") {
                Ok(v) => v,
                Err(_) => return,
            },
            None => size - start,
        };
        self.emit(&data[start as usize..(start + len) as usize], stmt);
    }

    pub(super) fn instruction(&mut self, mnemonic: &str, operands: &[OperandNode], s: &Stmt) {
        let mut ops = Vec::with_capacity(operands.len());
        for o in operands {
            let op = match &o.ast {
                OperandAst::Fixed(op) => *op,
                OperandAst::Imm(e) => Operand::Imm(self.value(e).unwrap_or(PLACEHOLDER)),
                OperandAst::Mem(e) => Operand::Mem(self.value(e).unwrap_or(PLACEHOLDER)),
                OperandAst::Indexed(ix, e) => {
                    let d = e
                        .as_ref()
                        .map_or(Ok(0), |e| self.value(e))
                        .unwrap_or(PLACEHOLDER);
                    Operand::Indexed(*ix, d)
                }
            };
            ops.push(op);
        }
        let pc = (self.stmt_pc & 0xFFFF) as u16;
        match encode(mnemonic, &ops, pc, Check::Strict) {
            Ok(bytes) => self.emit(&bytes, s.span),
            Err(e @ EncodeError::OutOfRange { operand, .. }) => {
                if !self.used_unknown() {
                    let span = operands.get(operand).map_or(s.span, |o| o.span);
                    self.report(Diagnostic::error(e.to_string(), span));
                }
                if let Ok(bytes) = encode(mnemonic, &ops, pc, Check::Lenient) {
                    self.emit(&bytes, s.span);
                }
            }
            Err(e @ EncodeError::InvalidOperands { .. }) => {
                let mut d = Diagnostic::error(e.to_string(), s.span);
                if operands.iter().any(|o| matches!(o.ast, OperandAst::Mem(_))) {
                    d = d.note(
                        "an operand in parentheses, `(nn)`, is a memory address; for a plain value \
                         write it without the outer parentheses",
                        None,
                    );
                }
                self.report(d);
            }
            Err(e @ EncodeError::UnknownMnemonic(_)) => {
                self.report(Diagnostic::error(e.to_string(), s.head));
            }
        }
    }
}
