//! The symbol table of one pass. Keys are lower case (symbols are case-insensitive); the
//! spelling of the definition is kept for output.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::diag::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SymKind {
    Label,
    Equ,
    /// Defined with `=`: may be assigned again.
    Var,
    /// Injected from outside (`-D`, `Options::define`).
    Define,
}

#[derive(Clone, Debug)]
pub(crate) struct Sym {
    pub text: Box<str>,
    pub value: i64,
    pub kind: SymKind,
    pub span: Option<Span>,
    /// Hidden from symbol files (macro-local `@` labels).
    pub hidden: bool,
}

/// FNV-1a: symbol names are short and not adversarial enough to need SipHash, and lookups
/// are a large part of a pass.
#[derive(Default)]
pub(crate) struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

#[derive(Clone, Debug, Default)]
pub(crate) struct SymbolTable {
    map: FastMap<Box<str>, Sym>,
}

impl SymbolTable {
    pub fn get(&self, key: &str) -> Option<&Sym> {
        self.map.get(key)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Sym> {
        self.map.get_mut(key)
    }

    pub fn insert(&mut self, key: Box<str>, sym: Sym) {
        self.map.insert(key, sym);
    }

    pub fn contains(&self, key: &str) -> bool {
        self.map.contains_key(key)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &Sym)> {
        self.map.iter().map(|(k, v)| (&**k, v))
    }
}
