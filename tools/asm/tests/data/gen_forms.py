#!/usr/bin/env python3
"""Generate z80_forms.txt, the acceptance table of every Z80 instruction form.

Independent of the Rust encoder on purpose: this script walks the opcode space
(unprefixed, CB, ED, DD/FD, DD CB/FD CB) and *decodes* each opcode from its
x/y/z/p/q fields, like a disassembler, into source text with fixed example
operand values. The Rust encoder goes the other way (text -> bytes), so the two
only agree if both follow the opcode structure.

Usage: gen_forms.py            write z80_forms.txt next to this script
       gen_forms.py --check    exit 1 if z80_forms.txt differs from what would be written
"""

import sys
from pathlib import Path

# Fixed example operand values (written in the table as &hex).
N = 0x12          # 8-bit immediate / port
NN = 0x1234       # 16-bit immediate / address
D_IX = 5          # (ix+5)
D_IY = -3         # (iy-3)
JR_OFS = 5        # jr $+5      -> distance 3
DJNZ_OFS = -3     # djnz $-3    -> distance -5

R = ["b", "c", "d", "e", "h", "l", "(hl)", "a"]
RP = ["bc", "de", "hl", "sp"]
RP2 = ["bc", "de", "hl", "af"]
CC = ["nz", "z", "nc", "c", "po", "pe", "p", "m"]
ALU = ["add a,", "adc a,", "sub ", "sbc a,", "and ", "xor ", "or ", "cp "]
ROT = ["rlc", "rrc", "rl", "rr", "sla", "sra", "sll", "srl"]
IM = ["0", None, "1", "2", "0", None, "1", "2"]  # None: the undefined "IM 0/1"
BLI = [["ldi", "cpi", "ini", "outi"], ["ldd", "cpd", "ind", "outd"],
       ["ldir", "cpir", "inir", "otir"], ["lddr", "cpdr", "indr", "otdr"]]
HALF = {"ix": ("ixh", "ixl"), "iy": ("iyh", "iyl")}
PREFIX = {"ix": 0xDD, "iy": 0xFD}
DISP = {"ix": D_IX, "iy": D_IY}


def h8(v):
    return "&%02X" % (v & 0xFF)


def h16(v):
    return "&%04X" % (v & 0xFFFF)


def lo_hi(v):
    return [v & 0xFF, (v >> 8) & 0xFF]


def fields(op):
    x, y, z = op >> 6, (op >> 3) & 7, op & 7
    return x, y, z, y >> 1, y & 1


class Form:
    """One instruction form: source text, bytes, and whether Zilog documents it."""

    def __init__(self, text, code, documented, group):
        self.text, self.code, self.documented, self.group = text, code, documented, group


def unprefixed(op):
    """Decode one unprefixed opcode -> (text, operand bytes) or None for a prefix.

    Operand placeholders: {n} {nn} {e}; the caller fills them in. H, L, HL and (HL)
    appear literally so that the DD/FD pass can substitute them.
    """
    x, y, z, p, q = fields(op)
    if x == 0:
        if z == 0:
            return [("nop", ""), ("ex af,af'", ""), ("djnz {djnz}", "e"), ("jr {jr}", "e")][y] \
                if y < 4 else ("jr %s,{jr}" % CC[y - 4], "e")
        if z == 1:
            return ("ld %s,{nn}" % RP[p], "nn") if q == 0 else ("add hl,%s" % RP[p], "")
        if z == 2:
            table = [[("ld (bc),a", ""), ("ld (de),a", ""), ("ld ({nn}),hl", "nn"), ("ld ({nn}),a", "nn")],
                     [("ld a,(bc)", ""), ("ld a,(de)", ""), ("ld hl,({nn})", "nn"), ("ld a,({nn})", "nn")]]
            return table[q][p]
        if z == 3:
            return ("%s %s" % (["inc", "dec"][q], RP[p]), "")
        if z == 4:
            return ("inc " + R[y], "")
        if z == 5:
            return ("dec " + R[y], "")
        if z == 6:
            return ("ld %s,{n}" % R[y], "n")
        return (["rlca", "rrca", "rla", "rra", "daa", "cpl", "scf", "ccf"][y], "")
    if x == 1:
        if y == 6 and z == 6:
            return ("halt", "")
        return ("ld %s,%s" % (R[y], R[z]), "")
    if x == 2:
        return (ALU[y] + R[z], "")
    if z == 0:
        return ("ret " + CC[y], "")
    if z == 1:
        return ("pop " + RP2[p], "") if q == 0 else [("ret", ""), ("exx", ""), ("jp (hl)", ""), ("ld sp,hl", "")][p]
    if z == 2:
        return ("jp %s,{nn}" % CC[y], "nn")
    if z == 3:
        return [("jp {nn}", "nn"), None, ("out ({n}),a", "n"), ("in a,({n})", "n"),
                ("ex (sp),hl", ""), ("ex de,hl", ""), ("di", ""), ("ei", "")][y]
    if z == 4:
        return ("call %s,{nn}" % CC[y], "nn")
    if z == 5:
        if q == 0:
            return ("push " + RP2[p], "")
        return [("call {nn}", "nn"), None, None, None][p]
    if z == 6:
        return (ALU[y] + "{n}", "n")
    return ("rst " + h8(y * 8), "")


def fill(text, kind):
    """Substitute the example values into the text and give the operand bytes."""
    if kind == "n":
        return text.replace("{n}", h8(N)), [N]
    if kind == "nn":
        return text.replace("{nn}", h16(NN)), lo_hi(NN)
    if kind == "e":
        ofs = DJNZ_OFS if "{djnz}" in text else JR_OFS
        target = "$%+d" % ofs
        text = text.replace("{djnz}", target).replace("{jr}", target)
        return text, [(ofs - 2) & 0xFF]
    return text, []


def gen_unprefixed():
    for op in range(256):
        dec = unprefixed(op)
        if dec is None:
            continue
        text, ops = fill(*dec)
        yield Form(text, [op] + ops, True, "unprefixed")


def gen_cb():
    for op in range(256):
        x, y, z, _, _ = fields(op)
        if x == 0:
            text = "%s %s" % (ROT[y], R[z])
        else:
            text = "%s %d,%s" % (["bit", "res", "set"][x - 1], y, R[z])
        # SLL (CB 30..37) is the one hole Zilog left in the CB table.
        yield Form(text, [0xCB, op], not (x == 0 and y == 6), "cb")


def gen_ed():
    for op in range(256):
        x, y, z, p, q = fields(op)
        text, extra, documented = None, [], True
        if x == 1:
            if z == 0:
                text = "in %s,(c)" % ("f" if y == 6 else R[y])
                documented = y != 6
            elif z == 1:
                text = "out (c),%s" % ("0" if y == 6 else R[y])
                documented = y != 6
            elif z == 2:
                text = "%s hl,%s" % (["sbc", "adc"][q], RP[p])
            elif z == 3:
                # ED 63 / ED 6B duplicate 22 / 2A with the same mnemonic: no form of their own.
                if p == 2:
                    continue
                text = ("ld ({nn}),%s" % RP[p]) if q == 0 else ("ld %s,({nn})" % RP[p])
                text, extra = fill(text, "nn")
            elif z == 4:
                if y != 0:
                    continue  # NEG mirrors
                text = "neg"
            elif z == 5:
                if y not in (0, 1):
                    continue  # RETN mirrors
                text = "reti" if y == 1 else "retn"
            elif z == 6:
                if IM[y] is None or y >= 4:
                    continue  # IM mirrors and the undefined IM 0/1
                text = "im " + IM[y]
            else:
                if y >= 6:
                    continue  # ED 77 / ED 7F act as NOP
                text = ["ld i,a", "ld r,a", "ld a,i", "ld a,r", "rrd", "rld"][y]
        elif x == 2 and z <= 3 and y >= 4:
            text = BLI[y - 4][z]
        if text is None:
            continue  # NONI: no instruction
        yield Form(text, [0xED, op] + extra, documented, "ed")


def substitute(text, idx):
    """Rewrite an unprefixed form for a DD/FD prefix, or None if the prefix changes nothing.

    HL -> IX; with (HL) in the instruction, (HL) -> (IX+d) and H/L stay; otherwise
    H -> IXH and L -> IXL (undocumented).
    """
    mnem, _, args = text.partition(" ")
    if text == "ex de,hl" or not args:
        return None  # DD EB is still ex de,hl; forms without operands are unaffected
    parts = args.split(",")
    if "(hl)" in parts:
        if mnem == "jp":
            return "jp (%s)" % idx, False, True
        d = DISP[idx]
        parts = ["(%s%+d)" % (idx, d) if a == "(hl)" else a for a in parts]
        return "%s %s" % (mnem, ",".join(parts)), True, True
    changed, half = False, False
    out = []
    for a in parts:
        if a == "hl":
            out.append(idx)
            changed = True
        elif a in ("h", "l"):
            out.append(HALF[idx][0 if a == "h" else 1])
            changed = half = True
        else:
            out.append(a)
    if not changed:
        return None
    return "%s %s" % (mnem, ",".join(out)), False, not half


def gen_indexed(idx):
    pre = PREFIX[idx]
    for op in range(256):
        dec = unprefixed(op)
        if dec is None or op == 0x76:
            continue  # prefixes; DD 76 is HALT
        text, kind = dec
        sub = substitute(text, idx)
        if sub is None:
            continue
        text, has_disp, documented = sub
        text, ops = fill(text, kind)
        disp = [DISP[idx] & 0xFF] if has_disp else []
        yield Form(text, [pre, op] + disp + ops, documented, idx)


def gen_indexed_cb(idx):
    pre, d = PREFIX[idx], DISP[idx]
    mem = "(%s%+d)" % (idx, d)
    for op in range(256):
        x, y, z, _, _ = fields(op)
        if x == 1:
            if z != 6:
                continue  # BIT mirrors: no register copy, no form of their own
            text = "bit %d,%s" % (y, mem)
        else:
            head = ROT[y] + " " if x == 0 else "%s %d," % (["res", "set"][x - 2], y)
            text = head + mem + ("" if z == 6 else "," + R[z])
        documented = z == 6 and not (x == 0 and y == 6)
        yield Form(text, [pre, 0xCB, d & 0xFF, op], documented, idx + " cb")


def all_forms():
    forms = []
    forms += gen_unprefixed()
    forms += gen_cb()
    forms += gen_ed()
    for idx in ("ix", "iy"):
        forms += gen_indexed(idx)
        forms += gen_indexed_cb(idx)
    seen = {}
    for f in forms:
        assert f.text not in seen, "duplicate form %s (%s / %s)" % (f.text, seen[f.text], f.code)
        seen[f.text] = f.code
    return forms


HEADER = """\
; Every Z80 instruction form, one per line: source ; expected bytes ; class.
; GENERATED by gen_forms.py from the x/y/z/p/q opcode structure (not from the encoder):
; do not edit by hand, run `python3 gen_forms.py` instead.
; Example values: n=&12, nn=&1234, (ix+5), (iy-3), jr $+5, djnz $-3.
;
; Counting ("forms" = distinct mnemonic + operand shape that gets its own opcode):
;   documented (Zilog Z80 CPU User Manual)                                   696
;     unprefixed: 256 opcodes - 4 prefixes (CB DD ED FD)                   252
;     CB: 256 - 8 SLL                                                       248
;     ED: 56 = in r,(c) 7, out (c),r 7, sbc/adc hl,rr 8, ld (nn),rr and
;         ld rr,(nn) 6 (ED 63/6B repeat 22/2A under the same mnemonic),
;         neg, retn, reti, im 0/1/2, ld i,a/r,a/a,i/a,r, rrd, rld, 16 block ops
;     DD and FD: 39 each = ld ix,nn/(nn), ld (nn),ix, inc/dec ix,
;         add ix,bc/de/ix/sp, inc/dec (ix+d), ld (ix+d),n, ld r,(ix+d) 7,
;         ld (ix+d),r 7, alu a,(ix+d) 8, push/pop ix, ex (sp),ix, jp (ix),
;         ld sp,ix                                                       2 x 39
;     DD CB and FD CB: 31 each = 7 shifts/rotates (not SLL), bit/res/set 24  2 x 31
;   undocumented with a mnemonic of their own (Sean Young, "The Undocumented
;   Z80 Documented")                                                         440
;     CB: sll r / sll (hl)                                                    8
;     ED 70 in f,(c) (also spelled `in (c)`), ED 71 out (c),0                  2
;     DD and FD: 46 each with ixh/ixl/iyh/iyl = ld r,ixh/ixl 10,
;         ld ixh/ixl,r 10, ld ixh/ixl,ixh/ixl 4, ld ixh/ixl,n 2,
;         inc/dec 4, alu a,ixh/ixl 16                                    2 x 46
;     DD CB and FD CB: 169 each = sll (ix+d) 1 + the 8 shifts/rotates,
;         res and set copying the result to one of b,c,d,e,h,l,a
;         (8 x 7 + 8 x 7 + 8 x 7 = 168)                                  2 x 169
;   Left out because they repeat a form above under the same mnemonic: ED 63/6B,
;   the NEG/RETN/IM mirrors in ED, the undefined IM 0/1 (ED 4E/6E), ED 77/7F,
;   DD/FD before opcodes that do not use HL, DD CB/FD CB BIT with z != 6.
;
"""


# The per-group counts the header explains; checked so the comment cannot drift.
GROUP_COUNTS = {
    ("unprefixed", True): 252, ("cb", True): 248, ("ed", True): 56,
    ("ix", True): 39, ("iy", True): 39, ("ix cb", True): 31, ("iy cb", True): 31,
    ("cb", False): 8, ("ed", False): 2, ("ix", False): 46, ("iy", False): 46,
    ("ix cb", False): 169, ("iy cb", False): 169,
}


def render(forms):
    counts = {}
    for f in forms:
        counts[(f.group, f.documented)] = counts.get((f.group, f.documented), 0) + 1
    assert counts == GROUP_COUNTS, counts
    doc = sum(1 for f in forms if f.documented)
    undoc = len(forms) - doc
    assert (doc, undoc) == (696, 440), (doc, undoc)
    lines = [HEADER.rstrip("\n") + "\n; total %d = %d documented + %d undocumented\n" % (len(forms), doc, undoc)]
    for f in forms:
        hexes = " ".join("%02X" % b for b in f.code)
        cls = "documented" if f.documented else "undocumented"
        lines.append("%-24s; %-12s ; %s\n" % (f.text, hexes, cls))
    return "".join(lines)


def main():
    out = Path(__file__).with_name("z80_forms.txt")
    text = render(all_forms())
    if "--check" in sys.argv[1:]:
        if not out.exists() or out.read_text() != text:
            print("%s is stale: run python3 %s" % (out, Path(__file__).name), file=sys.stderr)
            return 1
        return 0
    tmp = out.with_suffix(".tmp")
    tmp.write_text(text)
    tmp.replace(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
