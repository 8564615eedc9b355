; linetab.asm - the leaf's mobility terms from line tables (docs/ai.md 3.3 and appendix A,
; "Line tables"). The terms M * (mP - mO) + PM * (pP - pO) are a sum over the 42 lines of
; the board (8 rows, 8 columns, 26 diagonals of 2 to 8 squares), and a line's share depends
; only on its contents: its state, the base-3 number of its cells (0 empty, 1 black, 2
; white; the cell at place i is the digit of 3^i). linetab.inc, generated from the weights
; file by `cpc-othello build`, holds a table of 3^n bytes for each length n (the share from
; black's side for every state, + the table's bias: minus its smallest share), the geometry:
; for each cell, its four lines and its places in them, and li_sum's adds. Each line keeps a
; pointer LT_LP[l] = its table + its state, kept up to date as the depth-limited search
; makes and takes back moves (li_make, li_unmake), so the leaf adds 42 bytes (li_sum)
; instead of scanning the board. The exact endgame, which has no evaluation, does not keep
; them.
;
;   li_init     the pointers from mb_board (each deep search, after el_init).
;   li_make     after sm_make: the move on top of the undo stack, A = its colour.
;   li_unmake   before sm_undo takes it back, A = its colour.
;   li_sum      HL = the two terms from black's side (signed).

LT_HI           equ &0300       ; page: the high byte of 3^k (and 2 * 3^k) at its low byte

; li_addn / li_subn: B cells, at HL - 1, HL - 2, ... (the undo stack's order, downwards):
; adds / subtracts 3^pos to / from the pointer of each of their four lines (pos: the cell's
; place in the line), HL left on the last; li_adda2 / li_suba2: A = one cell, 2 * 3^pos.
; The loop keeps HL and B in this bank and works in the other (a loop instead of a call per
; cell: 8 NOPs less a flipped disc). The four blocks are written out (a REPT is not
; portable, docs/assembler.md). The build lists a cell's two lines with the largest places
; first and numbers each line from the end that leaves the other two at places up to 4
; (linetab.inc, `cell_geometry`): their 3^pos is one byte, so the last two blocks add it to
; or take it from the low byte and pass only a carry to the high one (13 NOPs a line without
; one, against 20 and 22); 4 and not 5, so that li_adda2 / li_suba2's 2 * 3^pos is one byte
; there too. Trash AF, BC, DE, HL of both banks (li_adda2 / li_suba2 this bank's only).
li_addn:
        dec hl
        ld a,(hl)
        exx
        rlca                    ; HL = LT_GEO + 8 * cell
        rlca
        rlca
        ld b,a
        and &F8
        ld l,a
        xor b
        add a,LT_GEO/256
        ld h,a
        ld d,LT_GEO/256
        ld b,LT_HI/256
        ld e,(hl)               ; DE -> the line's pointer
        inc l
        ld c,(hl)               ; C = 3^pos low, (BC) = its high byte
        inc l
        ld a,(de)
        add a,c
        ld (de),a
        inc e
        ld a,(bc)
        ex de,hl
        adc a,(hl)
        ld (hl),a
        ex de,hl
        ld e,(hl)
        inc l
        ld c,(hl)
        inc l
        ld a,(de)
        add a,c
        ld (de),a
        inc e
        ld a,(bc)
        ex de,hl
        adc a,(hl)
        ld (hl),a
        ex de,hl
        ld e,(hl)               ; 3^pos < 256 (pos <= 4): the high byte takes the carry
        inc l
        ld a,(de)
        add a,(hl)
        ld (de),a
        jr nc,li_addn_third
        inc e
        ex de,hl
        inc (hl)
        ex de,hl
li_addn_third:
        inc l
        ld e,(hl)
        inc l
        ld a,(de)
        add a,(hl)
        ld (de),a
        jr nc,li_addn_fourth
        inc e
        ex de,hl
        inc (hl)
li_addn_fourth:
        exx
        djnz li_addn
        ret
li_subn:
        dec hl
        ld a,(hl)
        exx
        rlca
        rlca
        rlca
        ld b,a
        and &F8
        ld l,a
        xor b
        add a,LT_GEO/256
        ld h,a
        ld d,LT_GEO/256
        ld b,LT_HI/256
        ld e,(hl)
        inc l
        ld c,(hl)
        inc l
        ld a,(de)
        sub c
        ld (de),a
        inc e
        ld a,(bc)
        ex de,hl
        ld c,a
        ld a,(hl)
        sbc a,c
        ld (hl),a
        ex de,hl
        ld e,(hl)
        inc l
        ld c,(hl)
        inc l
        ld a,(de)
        sub c
        ld (de),a
        inc e
        ld a,(bc)
        ex de,hl
        ld c,a
        ld a,(hl)
        sbc a,c
        ld (hl),a
        ex de,hl
        ld e,(hl)               ; 3^pos < 256 (pos <= 4): the high byte takes the borrow
        inc l
        ld a,(de)
        sub (hl)
        ld (de),a
        jr nc,li_subn_third
        inc e
        ex de,hl
        dec (hl)
        ex de,hl
li_subn_third:
        inc l
        ld e,(hl)
        inc l
        ld a,(de)
        sub (hl)
        ld (de),a
        jr nc,li_subn_fourth
        inc e
        ex de,hl
        dec (hl)
li_subn_fourth:
        exx
        djnz li_subn
        ret
li_adda2:                       ; 2 * 3^pos (a white disc put down or taken back)
        rlca                    ; HL = LT_GEO + 8 * cell
        rlca
        rlca
        ld b,a
        and &F8
        ld l,a
        xor b
        add a,LT_GEO/256
        ld h,a
        ld d,LT_GEO/256
        ld b,LT_HI/256
        ld e,(hl)               ; DE -> the line's pointer
        inc l
        ld a,(hl)               ; C = 2 * 3^pos low, (BC) = its high byte
        add a,a
        ld c,a
        inc l
        ld a,(de)
        add a,c
        ld (de),a
        inc e
        ld a,(bc)
        ex de,hl
        adc a,(hl)
        ld (hl),a
        ex de,hl
        ld e,(hl)
        inc l
        ld a,(hl)
        add a,a
        ld c,a
        inc l
        ld a,(de)
        add a,c
        ld (de),a
        inc e
        ld a,(bc)
        ex de,hl
        adc a,(hl)
        ld (hl),a
        ex de,hl
        ld e,(hl)               ; 2 * 3^pos < 256 (pos <= 4): the high byte takes the carry
        inc l
        ld a,(hl)
        add a,a
        ld c,a
        ld a,(de)
        add a,c
        ld (de),a
        jr nc,li_adda2_third
        inc e
        ex de,hl
        inc (hl)
        ex de,hl
li_adda2_third:
        inc l
        ld e,(hl)
        inc l
        ld a,(hl)
        add a,a
        ld c,a
        ld a,(de)
        add a,c
        ld (de),a
        ret nc
        inc e
        ex de,hl
        inc (hl)
        ret
; li_make: after sm_make (the move on top of the undo stack at IY), A = the mover's colour.
; Black: the new disc +3^pos, each flip (white to black) -3^pos; white: +2*3^pos, +3^pos.
; Trashes all (both banks).
li_make:
        push iy
        pop hl                  ; one past the cell
        cp SQ_BLACK
        jr nz,li_make_w
        ld b,1
        call li_addn            ; the cell, HL left on it
        dec hl
        ld b,(hl)               ; the flips below their count
        jp li_subn
li_make_w:
        dec hl
        ld a,(hl)
        exx
        call li_adda2
        exx
        dec hl
        ld b,(hl)
        jp li_addn

; li_init runs once a search. It, li_add, li_unmake and li_suba2 come before the tables: with
; the shipped weights and book they fill what would otherwise be padding before LT_GEO's
; ALIGN 256 (the program has little room left below FRAMES).
; li_init: the pointers from mb_board. Trashes AF, BC, DE, HL and the other bank's.
li_init:
        ld hl,lt_pows           ; LT_HI[3^k & 255] = 3^k / 256, then the same of 2 * 3^k
        ld b,16                 ; (lt_pows2 follows lt_pows; the low bytes all differ)
li_init_pow:
        ld e,(hl)
        inc hl
        ld a,(hl)
        inc hl
        ld d,LT_HI/256
        ld (de),a
        djnz li_init_pow
        ld hl,lt_bases          ; every line empty
        ld de,LT_LP
        ld bc,2*43
        ldir
        ld c,MB_FIRST
li_init_cell:
        ld h,mb_board/256
        ld l,c
        ld a,(hl)
        dec a
        cp 2
        jr nc,li_init_next      ; empty or frame
        push bc
        push af
        call li_add
        pop af
        or a
        call nz,li_add          ; black: 1, white: 2
        pop bc
li_init_next:
        inc c
        ld a,c
        cp MB_END
        jr c,li_init_cell
        ret

; li_add: C = a cell: adds 3^pos to its four lines (li_addn with one cell). Keeps C (li_init
; adds a white disc twice); trashes AF, B, DE, HL and the other bank's.
li_add:
        ld hl,li_add_cell
        ld (hl),c
        inc hl
        ld b,1
        jp li_addn
li_add_cell:    db 0

; li_unmake: before sm_undo takes the move on top of the undo stack back, A = the mover.
li_unmake:
        push iy
        pop hl
        cp SQ_BLACK
        jr nz,li_unmake_w
        ld b,1
        call li_subn
        dec hl
        ld b,(hl)
        jp li_addn
li_unmake_w:
        dec hl
        ld a,(hl)
        exx
        call li_suba2
        exx
        dec hl
        ld b,(hl)
        jp li_subn

li_suba2:
        rlca
        rlca
        rlca
        ld b,a
        and &F8
        ld l,a
        xor b
        add a,LT_GEO/256
        ld h,a
        ld d,LT_GEO/256
        ld b,LT_HI/256
        ld e,(hl)
        inc l
        ld a,(hl)
        add a,a
        ld c,a
        inc l
        ld a,(de)
        sub c
        ld (de),a
        inc e
        ld a,(bc)
        ex de,hl
        ld c,a
        ld a,(hl)
        sbc a,c
        ld (hl),a
        ex de,hl
        ld e,(hl)
        inc l
        ld a,(hl)
        add a,a
        ld c,a
        inc l
        ld a,(de)
        sub c
        ld (de),a
        inc e
        ld a,(bc)
        ex de,hl
        ld c,a
        ld a,(hl)
        sbc a,c
        ld (hl),a
        ex de,hl
        ld e,(hl)               ; 2 * 3^pos < 256 (pos <= 4): the high byte takes the borrow
        inc l
        ld a,(hl)
        add a,a
        ld c,a
        ld a,(de)
        sub c
        ld (de),a
        jr nc,li_suba2_third
        inc e
        ex de,hl
        dec (hl)
        ex de,hl
li_suba2_third:
        inc l
        ld e,(hl)
        inc l
        ld a,(hl)
        add a,a
        ld c,a
        ld a,(de)
        sub c
        ld (de),a
        ret nc
        inc e
        ex de,hl
        dec (hl)
        ret

; li_sum: HL = the sum of the 42 lines' values, from black's point of view (signed).
; Pops the pointers with SP (interrupts off meanwhile: one would push into them) and adds
; their bytes in A, group by group, each group's total into DE with one carry check: the
; build sizes the groups so that a group's largest bytes sum to at most 255 (linetab.inc,
; which holds the rest of this routine). Meanwhile RAM configuration 1 shows block 7 at
; &C000 in place of the screen, where a 6128 keeps the edge lines' table (edgetab.asm; a 464
; ignores the configuration). Trashes AF, DE.
li_sum:
        di
        push bc
        ld bc,&7F00+GA_RAM_TABLE
        out (c),c
        ld (li_sum_sp),sp
        ld sp,LT_LP
li_sum_start:
        ld de,LT_SUM_START      ; minus the tables' biases (edge_install: LT_SUM_START_EDGE)
        include "linetab.inc"   ; the adds, SP, the configuration and EI back, HL = DE, RET;
                                ; then the tables
li_sum_sp:      dw 0

