; linetab.asm - the leaf's mobility terms from line tables (docs/ai.md 3.3 and appendix A,
; "Line tables"). The terms M * (mP - mO) + PM * (pP - pO) are a sum over the 42 lines of
; the board (8 rows, 8 columns, 26 diagonals of 2 to 8 squares), and a line's share depends
; only on its contents: its state, the base-3 number of its cells (0 empty, 1 black, 2
; white; the cell at place i is the digit of 3^i). linetab.inc, generated from the weights
; file by `cpc-othello build`, holds a table of 3^n bytes for each length n (the share from
; black's side for every state, + LT_BIAS) and the geometry: for each cell, its four lines
; and its places in them. Each line keeps a pointer LT_LP[l] = its table + its state, kept
; up to date as the depth-limited search makes and takes back moves (li_make, li_unmake),
; so the leaf adds 42 bytes (li_sum) instead of scanning the board. The exact endgame, which
; has no evaluation, does not keep them.
;
;   li_init     the pointers from mb_board (each deep search, after el_init).
;   li_make     after sm_make: the move on top of the undo stack, A = its colour.
;   li_unmake   before sm_undo takes it back, A = its colour.
;   li_sum      HL = the two terms from black's side (signed).

LT_HI           equ &0300       ; page: the high byte of 3^k (and 2 * 3^k) at its low byte

; li_init: the pointers from mb_board. Trashes AF, BC, DE, HL.
li_init:
        ld hl,lt_pows           ; LT_HI[3^k & 255] = 3^k / 256
        ld b,8
li_init_pow:
        ld e,(hl)
        inc hl
        ld a,(hl)
        inc hl
        ld d,LT_HI/256
        ld (de),a
        djnz li_init_pow
        ld hl,lt_pows2          ; and of 2 * 3^k (the low bytes differ from those of 3^k)
        ld b,8
li_init_pow2:
        ld e,(hl)
        inc hl
        ld a,(hl)
        inc hl
        ld d,LT_HI/256
        ld (de),a
        djnz li_init_pow2
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
        pop bc
        or a
        jr z,li_init_next       ; black: 1, white: 2
        push bc
        call li_add
        pop bc
li_init_next:
        inc c
        ld a,c
        cp MB_END
        jr c,li_init_cell
        ret

; li_adda / li_suba: A = a cell: adds / subtracts 3^pos to / from the pointer of each of its
; four lines (pos: the cell's place in the line); li_adda2 / li_suba2 the same with 2 * 3^pos.
; The four blocks of each are written out (a REPT is not portable, docs/assembler.md).
; li_add: the same as li_adda with the cell in C. Trash AF, BC, DE, HL.
li_add:
        ld a,c
li_adda:
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
        ret
li_suba:
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
        ret
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
        ret

; li_make: after sm_make (the move on top of the undo stack at IY), A = the mover's colour.
; Black: the new disc +3^pos, each flip (white to black) -3^pos; white: +2*3^pos, +3^pos.
; The list pointer and the count wait in the other register bank. Trashes all (both banks).
li_make:
        push iy
        pop hl
        dec hl
        ld c,(hl)               ; the cell
        dec hl
        ld b,(hl)               ; the flips below it
        cp SQ_BLACK
        jp nz,li_make_w
        ld a,c
        exx
        call li_adda
        exx
li_make_b_flip:
        dec hl
        ld a,(hl)
        exx
        call li_suba
        exx
        djnz li_make_b_flip
        ret
li_make_w:
        ld a,c
        exx
        call li_adda2
        exx
li_make_w_flip:
        dec hl
        ld a,(hl)
        exx
        call li_adda
        exx
        djnz li_make_w_flip
        ret

; li_unmake: before sm_undo takes the move on top of the undo stack back, A = the mover.
li_unmake:
        push iy
        pop hl
        dec hl
        ld c,(hl)
        dec hl
        ld b,(hl)
        cp SQ_BLACK
        jp nz,li_unmake_w
        ld a,c
        exx
        call li_suba
        exx
li_unmake_b_flip:
        dec hl
        ld a,(hl)
        exx
        call li_adda
        exx
        djnz li_unmake_b_flip
        ret
li_unmake_w:
        ld a,c
        exx
        call li_suba2
        exx
li_unmake_w_flip:
        dec hl
        ld a,(hl)
        exx
        call li_suba
        exx
        djnz li_unmake_w_flip
        ret

; li_sum: HL = the sum of the 42 lines' values, from black's point of view (signed).
; Pops the pointers with SP (interrupts off meanwhile: one would push into them).
; Trashes AF, BC, DE.
li_sum:
        di
        ld (li_sum_sp),sp
        ld sp,LT_LP
        ld a,LT_SUM_START-(LT_SUM_START/256*256) ; B:A = -42 * LT_BIAS, the biases taken off
        ld b,LT_SUM_START/256
        pop hl
        add a,(hl)
        jr nc,li_sum_0
        inc b
li_sum_0:
        pop hl
        add a,(hl)
        jr nc,li_sum_1
        inc b
li_sum_1:
        pop hl
        add a,(hl)
        jr nc,li_sum_2
        inc b
li_sum_2:
        pop hl
        add a,(hl)
        jr nc,li_sum_3
        inc b
li_sum_3:
        pop hl
        add a,(hl)
        jr nc,li_sum_4
        inc b
li_sum_4:
        pop hl
        add a,(hl)
        jr nc,li_sum_5
        inc b
li_sum_5:
        pop hl
        add a,(hl)
        jr nc,li_sum_6
        inc b
li_sum_6:
        pop hl
        add a,(hl)
        jr nc,li_sum_7
        inc b
li_sum_7:
        pop hl
        add a,(hl)
        jr nc,li_sum_8
        inc b
li_sum_8:
        pop hl
        add a,(hl)
        jr nc,li_sum_9
        inc b
li_sum_9:
        pop hl
        add a,(hl)
        jr nc,li_sum_10
        inc b
li_sum_10:
        pop hl
        add a,(hl)
        jr nc,li_sum_11
        inc b
li_sum_11:
        pop hl
        add a,(hl)
        jr nc,li_sum_12
        inc b
li_sum_12:
        pop hl
        add a,(hl)
        jr nc,li_sum_13
        inc b
li_sum_13:
        pop hl
        add a,(hl)
        jr nc,li_sum_14
        inc b
li_sum_14:
        pop hl
        add a,(hl)
        jr nc,li_sum_15
        inc b
li_sum_15:
        pop hl
        add a,(hl)
        jr nc,li_sum_16
        inc b
li_sum_16:
        pop hl
        add a,(hl)
        jr nc,li_sum_17
        inc b
li_sum_17:
        pop hl
        add a,(hl)
        jr nc,li_sum_18
        inc b
li_sum_18:
        pop hl
        add a,(hl)
        jr nc,li_sum_19
        inc b
li_sum_19:
        pop hl
        add a,(hl)
        jr nc,li_sum_20
        inc b
li_sum_20:
        pop hl
        add a,(hl)
        jr nc,li_sum_21
        inc b
li_sum_21:
        pop hl
        add a,(hl)
        jr nc,li_sum_22
        inc b
li_sum_22:
        pop hl
        add a,(hl)
        jr nc,li_sum_23
        inc b
li_sum_23:
        pop hl
        add a,(hl)
        jr nc,li_sum_24
        inc b
li_sum_24:
        pop hl
        add a,(hl)
        jr nc,li_sum_25
        inc b
li_sum_25:
        pop hl
        add a,(hl)
        jr nc,li_sum_26
        inc b
li_sum_26:
        pop hl
        add a,(hl)
        jr nc,li_sum_27
        inc b
li_sum_27:
        pop hl
        add a,(hl)
        jr nc,li_sum_28
        inc b
li_sum_28:
        pop hl
        add a,(hl)
        jr nc,li_sum_29
        inc b
li_sum_29:
        pop hl
        add a,(hl)
        jr nc,li_sum_30
        inc b
li_sum_30:
        pop hl
        add a,(hl)
        jr nc,li_sum_31
        inc b
li_sum_31:
        pop hl
        add a,(hl)
        jr nc,li_sum_32
        inc b
li_sum_32:
        pop hl
        add a,(hl)
        jr nc,li_sum_33
        inc b
li_sum_33:
        pop hl
        add a,(hl)
        jr nc,li_sum_34
        inc b
li_sum_34:
        pop hl
        add a,(hl)
        jr nc,li_sum_35
        inc b
li_sum_35:
        pop hl
        add a,(hl)
        jr nc,li_sum_36
        inc b
li_sum_36:
        pop hl
        add a,(hl)
        jr nc,li_sum_37
        inc b
li_sum_37:
        pop hl
        add a,(hl)
        jr nc,li_sum_38
        inc b
li_sum_38:
        pop hl
        add a,(hl)
        jr nc,li_sum_39
        inc b
li_sum_39:
        pop hl
        add a,(hl)
        jr nc,li_sum_40
        inc b
li_sum_40:
        pop hl
        add a,(hl)
        jr nc,li_sum_41
        inc b
li_sum_41:
        ld sp,(li_sum_sp)
        ei
        ld l,a
        ld h,b
        ret
li_sum_sp:      dw 0

        include "linetab.inc"
