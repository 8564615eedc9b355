; eval.asm - the evaluation of docs/ai.md section 3 on the mailbox of board.asm: effective
; square weights (3.1) and Nixon's move score S1 (3.5), in 16-bit signed arithmetic.
;
; The parameters come from weights.inc, which `cpc-othello build` generates from
; cpc/weights.toml (see cpc/README.md to assemble by hand). It defines:
;   w_squares          64 signed bytes W[s], a1..h8
;   w_corner_edge      A_e          w_corner_diagonal  A_d
;   w_flip_boundary    B (0..64)    w_flip_early F_e   w_flip_late F_l
;   w_pass_bonus       PB (level 2) w_mobility M (levels 3 and up; the leaf reads M and
;                      PM from the line tables built with them, linetab.inc)
;   w_level_count      search levels defined from level 3 on, then w_levels: depth,
;                      endgame threshold, budget (minutes) and selectivity (docs/ai.md
;                      4.5) of each (levels 3 and up).
; They are bytes in the program image (not EQUs), so a patched image plays differently.
;
;   ev_init         copies W into mb_weight (mailbox layout); call after the weights change.
;   ev_weight       A = w(s) of cell C in the position on mb_board.
;   ev_set_factor   A = discs on the board before a move -> the flip factor F.
;   ev_move_score   HL = S1 = w(s) + F * f for cell C flipping B discs.
;
; ev_init, ev_set_factor and ev_move_score lie in board.asm, in spare bytes of its
; page-aligned tables and before them: the code between those tables and the line tables'
; (linetab.asm LT_GEO) has no byte to spare.

; ev_weight: the effective weight of cell C (3.1): A_e or A_d next to an occupied corner,
; otherwise W. Out: A (signed). Keeps BC, DE; trashes F, HL.
ev_weight:
        ld h,mb_adj/256
        ld l,c
        ld a,(hl)               ; the corner next to C (+128 if C is its X-square), or 0
        or a
        jr nz,ev_weight_near
ev_weight_table:
        ld h,mb_weight/256
        ld l,c
        set 7,l                 ; mb_weight = mb_board + 128
        ld a,(hl)
        ret
ev_weight_near:
        ld h,mb_board/256
        ld l,a
        res 7,l                 ; L = the corner
        cp l                    ; Z: C is an edge neighbour
        ld a,(hl)               ; the corner's cell (loads keep the flags)
        jr z,ev_weight_edge
        or a
        jr z,ev_weight_table    ; corner empty: the table value
        ld a,(w_corner_diagonal)
        ret
ev_weight_edge:
        or a
        jr z,ev_weight_table
        ld a,(w_corner_edge)
        ret

; ---- Levels 3 and up (alphabeta.asm) ---------------------------------------------------------
;
; While a deep search runs, mb_weight holds the *effective* weights w(s) of docs/ai.md 3.1, kept
; up to date as corners are taken and given back (appendix A). The mobility terms of the leaf
; come from the line tables (linetab.asm).
;
;   ev_deep_init     call after ev_init, D = P, E = O: effective weights for the corners
;                    already taken. Out: HL = S (3.2) from P's view.
;   ev_corner_make   P (D) has just played cell C and flipped: if C is a corner, its
;                    neighbours get A_e / A_d, and HL' += the change of S_P (for each
;                    occupied neighbour (A - W), + if P owns it, - if O does).
;   ev_corner_undo   cell C was given back: if it is a corner, its neighbours get W again.

ev_deep_init:
        push de
        ld ix,ev_corners        ; each neighbour's W (ev_init has just put W in mb_weight)
        ld b,4
ev_deep_init_corner:
        ld c,3
ev_deep_init_nb:
        ld l,(ix+1)
        ld h,mb_board/256
        set 7,l
        ld a,(hl)
        ld (ix+3),a
        inc ix
        inc ix
        inc ix
        dec c
        jr nz,ev_deep_init_nb
        inc ix
        djnz ev_deep_init_corner
        ld ix,ev_corners        ; each neighbour's A: edge, edge, diagonal
        ld de,EV_CORNER_SIZE
        ld b,4
ev_deep_init_a:
        ld a,(w_corner_edge)
        ld (ix+2),a
        ld (ix+5),a
        ld a,(w_corner_diagonal)
        ld (ix+8),a
        add ix,de
        djnz ev_deep_init_a
        ld ix,ev_corners        ; the corners taken already
        ld b,4
ev_deep_init_taken:
        ld h,mb_board/256
        ld l,(ix+0)
        ld a,(hl)
        or a
        jr z,ev_deep_init_free
        ld c,3
        push ix
ev_deep_init_set:
        ld l,(ix+1)
        set 7,l
        ld a,(ix+2)
        ld (hl),a
        inc ix
        inc ix
        inc ix
        dec c
        jr nz,ev_deep_init_set
        pop ix
ev_deep_init_free:
        add ix,de
        djnz ev_deep_init_taken
        pop de
        ld hl,0                 ; S = the sum over P's discs - the sum over O's
        ld (ev_sum),hl
        ld c,MB_FIRST
ev_deep_init_s:
        ld h,mb_board/256
        ld l,c
        ld b,(hl)               ; the disc (3 on the frame)
        set 7,l
        ld a,(hl)
        ld l,a
        add a,a
        sbc a,a
        ld h,a                  ; HL = w, sign-extended
        ld a,b
        cp d
        jr z,ev_deep_init_mine
        cp e
        jr nz,ev_deep_init_next
        xor a                   ; O's disc: -w
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
ev_deep_init_mine:
        push de
        ld de,(ev_sum)
        add hl,de
        ld (ev_sum),hl
        pop de
ev_deep_init_next:
        inc c
        ld a,c
        cp MB_END
        jr c,ev_deep_init_s
        ld hl,(ev_sum)
        ret

; ev_corner_find: HL = the entry of the corner cell C in ev_corners. Trashes AF.
ev_corner_find:
        ld hl,ev_corners
        ld a,c
        cp 11
        ret z
        ld hl,ev_corners+EV_CORNER_SIZE
        cp 18
        ret z
        ld hl,ev_corners+(2*EV_CORNER_SIZE)
        cp 81
        ret z
        ld hl,ev_corners+(3*EV_CORNER_SIZE)
        ret

; ev_corner_make: see above. Keeps C, DE; trashes AF, B, HL, DE'.
ev_corner_make:
        ld a,c
        cp 11
        jr z,ev_corner_make_corner
        cp 18
        jr z,ev_corner_make_corner
        cp 81
        jr z,ev_corner_make_corner
        cp 88
        ret nz
ev_corner_make_corner:
        push bc
        call ev_corner_find
        ld b,3
ev_corner_make_nb:
        inc hl
        ld c,(hl)               ; the neighbour's cell
        inc hl
        ld a,(hl)
        ld (ev_a),a             ; its A
        inc hl
        ld a,(hl)
        ld (ev_w),a             ; its W
        push hl
        ld h,mb_board/256
        ld l,c
        ld c,(hl)               ; its disc
        set 7,l
        ld a,(ev_a)
        ld (hl),a               ; its weight is A from now on
        ld a,c
        or a
        jr z,ev_corner_make_skip ; empty: S does not change
        cp d
        ld a,(ev_a)
        jr nz,ev_corner_make_theirs
        call ev_add_a           ; P's: + (A - W)
        ld a,(ev_w)
        call ev_sub_a
        jr ev_corner_make_skip
ev_corner_make_theirs:
        call ev_sub_a           ; O's: - (A - W)
        ld a,(ev_w)
        call ev_add_a
ev_corner_make_skip:
        pop hl
        djnz ev_corner_make_nb
        pop bc
        ret

; ev_corner_undo: see above. Trashes AF, BC, HL.
ev_corner_undo:
        ld a,c
        cp 11
        jr z,ev_corner_undo_corner
        cp 18
        jr z,ev_corner_undo_corner
        cp 81
        jr z,ev_corner_undo_corner
        cp 88
        ret nz
ev_corner_undo_corner:
        call ev_corner_find
        ld b,3
ev_corner_undo_nb:
        inc hl
        ld c,(hl)               ; the neighbour's cell
        inc hl
        inc hl
        ld a,(hl)               ; its W
        push hl
        ld h,mb_board/256
        ld l,c
        set 7,l
        ld (hl),a
        pop hl
        djnz ev_corner_undo_nb
        ret

; ev_add_a / ev_sub_a: HL' += A / HL' -= A, A signed. Trashes AF, DE'.
ev_add_a:
        exx
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        add hl,de
        exx
        ret
ev_sub_a:
        exx
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        or a
        sbc hl,de
        exx
        ret

; ev_corners: per corner its cell, then for each neighbour (edge, edge, diagonal) its cell,
; its A and its W (ev_deep_init fills A and W).
EV_CORNER_SIZE  equ 10
ev_corners:
        db 11, 12,0,0, 21,0,0, 22,0,0
        db 18, 17,0,0, 28,0,0, 27,0,0
        db 81, 82,0,0, 71,0,0, 72,0,0
        db 88, 87,0,0, 78,0,0, 77,0,0
EV_LOW          equ LOW_VARS    ; scratch, outside the program (search.asm's memory map):
ev_sum          equ EV_LOW      ; word: ev_deep_init: S being summed
ev_a            equ EV_LOW+2    ; ev_corner_make: the neighbour's A
ev_w            equ EV_LOW+3    ; and its W
EV_LOW_END      equ EV_LOW+4

ev_factor:      db 0            ; F for the moves being scored

        include "weights.inc"
