; make_unweighted.asm - a move of the deep searches without the effective weights: the exact
; endgame's (endgame.asm) and the fastest-first keys' (alphabeta.asm ab_key_replies), and
; eg_nws's take-backs of it. The routines on the mailbox are in moves.asm; these lie after
; the mailbox's pages (board.asm), where the program has room before the line tables
; (linetab.asm).

; sm_make_x: sm_make without the weights (the exact endgame needs none). Keeps C, DE;
; trashes AF, HL. On a cell where P has no move it changes nothing and returns Z (B = 0);
; after a move it returns NZ (the flags of its mode test or of the masks' last step: the
; tail's SET and el_remove leave them).
sm_make_x:
        ld h,mb_board/256
        ld b,0
        ld a,c
        sub 11
        ld l,a
        ; NW: off = -11
        ld a,(hl)
        cp e
        jr nz,sm_make_x_nw_end
        ld a,l
        add a,-11
        ld l,a
        ld a,(hl)               ; the square after the first O disc: P's closes one
        cp d
        jr z,sm_make_x_nw_one
        cp e
        jr nz,sm_make_x_nw_fix
sm_make_x_nw_walk:
        ld a,l
        add a,-11
        ld l,a
        ld a,(hl)
        cp e
        jr z,sm_make_x_nw_walk
        cp d
        jr nz,sm_make_x_nw_fix
sm_make_x_nw_back:
        ld a,l
        sub -11
        ld l,a
        cp c
        jr z,sm_make_x_nw_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_nw_back
sm_make_x_nw_one:
        ld a,l
        sub -11
        ld l,a
        ld (hl),d               ; L = the neighbour, where the next ray starts from
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_nw_end
sm_make_x_nw_fix:
        ld a,c
        add a,-11
        ld l,a
sm_make_x_nw_end:
        inc l
        ; N: off = -10
        ld a,(hl)
        cp e
        jr nz,sm_make_x_n_end
        ld a,l
        add a,-10
        ld l,a
        ld a,(hl)               ; the square after the first O disc: P's closes one
        cp d
        jr z,sm_make_x_n_one
        cp e
        jr nz,sm_make_x_n_fix
sm_make_x_n_walk:
        ld a,l
        add a,-10
        ld l,a
        ld a,(hl)
        cp e
        jr z,sm_make_x_n_walk
        cp d
        jr nz,sm_make_x_n_fix
sm_make_x_n_back:
        ld a,l
        sub -10
        ld l,a
        cp c
        jr z,sm_make_x_n_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_n_back
sm_make_x_n_one:
        ld a,l
        sub -10
        ld l,a
        ld (hl),d               ; L = the neighbour, where the next ray starts from
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_n_end
sm_make_x_n_fix:
        ld a,c
        add a,-10
        ld l,a
sm_make_x_n_end:
        inc l
        ; NE: off = -9
        ld a,(hl)
        cp e
        jr nz,sm_make_x_ne_end
        ld a,l
        add a,-9
        ld l,a
        ld a,(hl)               ; the square after the first O disc: P's closes one
        cp d
        jr z,sm_make_x_ne_one
        cp e
        jr nz,sm_make_x_ne_fix
sm_make_x_ne_walk:
        ld a,l
        add a,-9
        ld l,a
        ld a,(hl)
        cp e
        jr z,sm_make_x_ne_walk
        cp d
        jr nz,sm_make_x_ne_fix
sm_make_x_ne_back:
        ld a,l
        sub -9
        ld l,a
        cp c
        jr z,sm_make_x_ne_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_ne_back
sm_make_x_ne_one:
        ld a,l
        sub -9
        ld l,a
        ld (hl),d               ; L = the neighbour, where the next ray starts from
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_ne_end
sm_make_x_ne_fix:
        ld a,c
        add a,-9
        ld l,a
sm_make_x_ne_end:
        ld a,l
        add a,8
        ld l,a
        ; W: off = -1
        ld a,(hl)
        cp e
        jr nz,sm_make_x_w_end
        dec l
        ld a,(hl)               ; the square after the first O disc: P's closes one
        cp d
        jr z,sm_make_x_w_one
        cp e
        jr nz,sm_make_x_w_fix
sm_make_x_w_walk:
        dec l                   ; (off = -1: DEC L, as INC L for E)
        ld a,(hl)
        cp e
        jr z,sm_make_x_w_walk
        cp d
        jr nz,sm_make_x_w_fix
sm_make_x_w_back:
        inc l
        ld a,l
        cp c
        jr z,sm_make_x_w_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_w_back
sm_make_x_w_one:
        inc l
        ld (hl),d               ; L = the neighbour, where the next ray starts from
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_w_end
sm_make_x_w_fix:
        ld l,c
        dec l
sm_make_x_w_end:
        inc l
        inc l
        ; E: off = 1
        ld a,(hl)
        cp e
        jr nz,sm_make_x_e_end
        inc l
        ld a,(hl)               ; the square after the first O disc: P's closes one
        cp d
        jr z,sm_make_x_e_one
        cp e
        jr nz,sm_make_x_e_fix
sm_make_x_e_walk:
        inc l
        ld a,(hl)
        cp e
        jr z,sm_make_x_e_walk
        cp d
        jr nz,sm_make_x_e_fix
sm_make_x_e_back:
        dec l
        ld a,l
        cp c
        jr z,sm_make_x_e_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_e_back
sm_make_x_e_one:
        dec l
        ld (hl),d               ; L = the neighbour, where the next ray starts from
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_e_end
sm_make_x_e_fix:
        ld l,c
        inc l
sm_make_x_e_end:
        ld a,l
        add a,8
        ld l,a
        ; SW: off = 9
        ld a,(hl)
        cp e
        jr nz,sm_make_x_sw_end
        ld a,l
        add a,9
        ld l,a
        ld a,(hl)               ; the square after the first O disc: P's closes one
        cp d
        jr z,sm_make_x_sw_one
        cp e
        jr nz,sm_make_x_sw_fix
sm_make_x_sw_walk:
        ld a,l
        add a,9
        ld l,a
        ld a,(hl)
        cp e
        jr z,sm_make_x_sw_walk
        cp d
        jr nz,sm_make_x_sw_fix
sm_make_x_sw_back:
        ld a,l
        sub 9
        ld l,a
        cp c
        jr z,sm_make_x_sw_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_sw_back
sm_make_x_sw_one:
        ld a,l
        sub 9
        ld l,a
        ld (hl),d               ; L = the neighbour, where the next ray starts from
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_sw_end
sm_make_x_sw_fix:
        ld a,c
        add a,9
        ld l,a
sm_make_x_sw_end:
        inc l
        ; S: off = 10
        ld a,(hl)
        cp e
        jr nz,sm_make_x_s_end
        ld a,l
        add a,10
        ld l,a
        ld a,(hl)               ; the square after the first O disc: P's closes one
        cp d
        jr z,sm_make_x_s_one
        cp e
        jr nz,sm_make_x_s_fix
sm_make_x_s_walk:
        ld a,l
        add a,10
        ld l,a
        ld a,(hl)
        cp e
        jr z,sm_make_x_s_walk
        cp d
        jr nz,sm_make_x_s_fix
sm_make_x_s_back:
        ld a,l
        sub 10
        ld l,a
        cp c
        jr z,sm_make_x_s_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_s_back
sm_make_x_s_one:
        ld a,l
        sub 10
        ld l,a
        ld (hl),d               ; L = the neighbour, where the next ray starts from
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_s_end
sm_make_x_s_fix:
        ld a,c
        add a,10
        ld l,a
sm_make_x_s_end:
        inc l
        ; SE: off = 11
        ld a,(hl)
        cp e
        jr nz,sm_make_x_se_end
        ld a,l
        add a,11
        ld l,a
        ld a,(hl)               ; the square after the first O disc: P's closes one
        cp d
        jr z,sm_make_x_se_one
        cp e
        jr nz,sm_make_x_se_fix
sm_make_x_se_walk:
        ld a,l
        add a,11
        ld l,a
        ld a,(hl)
        cp e
        jr z,sm_make_x_se_walk
        cp d
        jr nz,sm_make_x_se_fix
sm_make_x_se_back:
        ld a,l
        sub 11
        ld l,a
        cp c
        jr z,sm_make_x_se_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_se_back
sm_make_x_se_one:
        ld a,l
        sub 11
        ld l,a
        ld (hl),d               ; L = the neighbour, where the next ray starts from
        ld (iy+0),l
        inc iy
        inc b
        jr sm_make_x_se_end
sm_make_x_se_fix:
        ld a,c
        add a,11
        ld l,a
sm_make_x_se_end:
        ld a,b                  ; nothing flipped: not a move, nothing changed (eg_lazy, eg_nws)
        or a
        ret z
        ld l,c
        ld (hl),d
sm_make_x_tail:
        jp sm_make_x_keep       ; eg_nws_node patches it to sm_make_x_lite (endgame.asm)
sm_make_x_keep:
        ld (iy+0),b
        ld (iy+1),c
        inc iy
        inc iy
        ld a,(ab_exact)         ; the exact endgame keeps no masks (endgame.asm
        or a                    ; eg_exact_mode)
        jr nz,sm_make_x_masked
        ld h,NB_TABLE/256       ; each neighbour notes the disc in its mask
        ld a,c
        sub 11
        ld l,a
        set 6,(hl)
        inc l
        set 4,(hl)
        inc l
        set 2,(hl)
        add a,10
        ld l,a
        set 0,(hl)
        inc l
        inc l
        set 1,(hl)
        add a,10
        ld l,a
        set 3,(hl)
        inc l
        set 5,(hl)
        inc l
        set 7,(hl)
sm_make_x_masked:
        ld h,EL_LIST/256        ; el_remove, without a call or B kept: the flips are on the
        ld l,c                  ; undo stack
        ld b,(hl)
        set 7,l
        ld a,(hl)
        ld l,a
        ld (hl),b
        ld l,b
        set 7,l
        ld (hl),a
        ld b,(iy-2)
        ret

; sm_make_x_lite: sm_make_x's tail in eg_nws (eg_nws_node patches sm_make_x_tail): no undo
; entry (the caller keeps B and C for sm_undo_lite), no masks; C out of the list (el_remove
; keeping B). Out: NZ. Trashes AF, AF', HL.
sm_make_x_lite:
        ld h,EL_LIST/256
        ld l,c
        ld a,(hl)               ; the next cell
        ex af,af'
        set 7,l
        ld a,(hl)               ; the previous one
        ld l,a
        ex af,af'
        ld (hl),a               ; previous -> next
        ld l,a
        set 7,l
        ex af,af'
        ld (hl),a               ; previous <- next
        ld a,b
        or a
        ret

; sm_undo_lite: takes back a move that sm_make_x made in eg_nws, without an undo entry: C =
; its cell, B = its flips (on the undo stack), E = their colour. Keeps C, DE; trashes AF, B,
; HL.
sm_undo_lite:
        ld h,mb_board/256
        ld l,c
        ld (hl),SQ_EMPTY
sm_undo_lite_flip:
        dec iy
        ld l,(iy+0)
        ld (hl),e
        djnz sm_undo_lite_flip
        jp el_restore

; sm_undo_bare: sm_undo_lite for a move that sm_make_x made in eg_three or eg_two
; (last_moves.asm), which keep the empty list as it is (sm_make_x_bare: each passes its child
; the squares left). Keeps C, DE; trashes AF, B, HL.
sm_undo_bare:
        ld h,mb_board/256
        ld l,c
        ld (hl),SQ_EMPTY
sm_undo_bare_flip:
        dec iy
        ld l,(iy+0)
        ld (hl),e
        djnz sm_undo_bare_flip
sm_make_x_bare:                 ; sm_make_x's tail in eg_three and eg_two: the disc and the
                                ; flips (NZ)
        ret
