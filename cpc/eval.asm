; eval.asm - the evaluation of docs/ai.md section 3 on the mailbox of board.asm: effective
; square weights (3.1) and Nixon's move score S1 (3.5), in 16-bit signed arithmetic.
;
; The parameters come from weights.inc, which `cpc-othello build` generates from
; cpc/weights.toml (see cpc/README.md to assemble by hand). It defines:
;   w_squares          64 signed bytes W[s], a1..h8
;   w_corner_edge      A_e          w_corner_diagonal  A_d
;   w_flip_boundary    B (0..64)    w_flip_early F_e   w_flip_late F_l
;   w_pass_bonus       PB (level 2) w_mobility M (levels 3 and up)
;   w_level_count      search levels defined from level 3 on, then w_levels: depth and
;                      endgame threshold of each (levels 3 and up).
; They are bytes in the program image (not EQUs), so a patched image plays differently.
;
;   ev_init         copies W into mb_weight (mailbox layout); call after the weights change.
;   ev_weight       A = w(s) of cell C in the position on mb_board.
;   ev_set_factor   A = discs on the board before a move -> the flip factor F.
;   ev_move_score   HL = S1 = w(s) + F * f for cell C flipping B discs.

ev_init:
        ld hl,w_squares
        ld de,mb_weight+MB_FIRST
        jp mb_copy_in

; ev_weight: the effective weight of cell C (3.1): A_e or A_d next to an occupied corner,
; otherwise W. Out: A (signed). Keeps BC, DE; trashes F, HL.
ev_weight:
        ld h,mb_adj/256
        ld l,c
        ld a,(hl)               ; the corner next to C (+128 if C is its X-square), or 0
        or a
        jr nz,.near
.table: ld h,mb_weight/256
        ld l,c
        set 7,l                 ; mb_weight = mb_board + 128
        ld a,(hl)
        ret
.near:  ld h,mb_board/256
        ld l,a
        res 7,l                 ; L = the corner
        cp l                    ; Z: C is an edge neighbour
        ld a,(hl)               ; the corner's cell (loads keep the flags)
        jr z,.edge
        or a
        jr z,.table             ; corner empty: the table value
        ld a,(w_corner_diagonal)
        ret
.edge:  or a
        jr z,.table
        ld a,(w_corner_edge)
        ret

; ev_set_factor: F = F_e if A < B, else F_l, for moves made with A discs on the board.
; Trashes AF, HL.
ev_set_factor:
        ld hl,w_flip_boundary
        cp (hl)
        ld a,(w_flip_early)
        jr c,.set
        ld a,(w_flip_late)
.set:   ld (ev_factor),a
        ret

; ev_move_score: S1 = w(C) + F * B, for a legal move (B = 1..19 discs flipped). The product
; is repeated addition. |S1| <= 2560 (docs/ai.md section 7).
; Out: HL. Keeps BC; trashes AF, DE.
ev_move_score:
        call ev_weight
        ld l,a
        add a,a
        sbc a,a
        ld h,a                  ; HL = w, sign-extended
        ld a,(ev_factor)
        ld e,a
        add a,a
        sbc a,a
        ld d,a                  ; DE = F, sign-extended
        push bc
.mul:   add hl,de
        djnz .mul
        pop bc
        ret

ev_factor:      db 0            ; F for the moves being scored

        include "weights.inc"
