; moves.asm - the board routines of the deep searches (levels 3 and up: search.asm,
; alphabeta.asm, endgame.asm) on board.asm's mailbox: the list of empty cells, legal-move
; tests, mobility, making and taking back moves. board.asm reads this file after its code.
;
; Next to mb_board the deep searches keep the empty cells in a doubly linked list, the
; heaviest first (page EL_LIST, search.asm; el_init): the next empty cell at el[cell], the
; previous one at el[cell + 128], cell 0 the head (0 also ends the list). Move generation and
; mobility visit the empty cells only, and skip those next to no disc: NB_TABLE (the page
; after EL_LIST) holds a mask of the discs around every cell, bits 7 to 0 set for a disc to
; the NW, SE, N, S, NE, SW, W, E, so a legality test looks only along the rays that start with
; a disc. The exact endgame keeps no masks: it sets each empty cell's to the rays that stay on
; the board for two squares (endgame.asm eg_rays), a superset that holds whatever is played;
; nor do the leaves of a node with one ply left (sm_masks).
; Colours: D = the side to move (P), E = its opponent (O). mb_weight
; holds the effective weights (docs/ai.md 3.1) while a deep search runs (alphabeta.asm).
;
;   el_init     builds the list from mb_board. Out: A = empty squares.
;   el_remove   C = cell: takes it out of the list (a disc was put there).
;   el_restore  C = cell: puts it back; cells come back in the reverse order they left.
;   sq_legal    C = empty cell: carry set iff P may play there.
;   mob_any     carry set iff P has a legal move.
;   mob_count   B = P's legal moves.
;   sm_make     P plays on cell C: flips, pushes them on the undo stack at IY; Z if no move.
;   sm_undo     takes back the move on top of the undo stack (sm_undo_masks, sm_undo_x).

; NEG_HL: HL = -HL (16 bits). Trashes AF.
        macro NEG_HL
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
        mend

; el_init: links every empty cell of mb_board, the heaviest first (the effective weights at
; mb_board + 128 as the search starts; equal weights ascending): the order in which the
; searches take moves without a list (alphabeta.asm ab_lazy), and the list order elsewhere.
; Any order gives the same values (docs/ai.md 5); this one puts the likely best moves first.
; Out: A = their number. Trashes F, BC, HL.
el_init:
        push de
        ld hl,EL_LIST           ; an empty list: the head links to itself
        ld (hl),0
        ld l,128
        ld (hl),0
        ld c,MB_FIRST
        xor a
        ex af,af'               ; A' = empty squares counted
el_init_cell:
        ld h,mb_board/256
        ld l,c
        ld a,(hl)
        or a
        jr nz,el_init_next
        set 7,l
        ld a,(hl)
        xor &80
        ld e,a                  ; E = w(C) + 128: signed order as unsigned
        ld b,0                  ; B = the cell to insert after (0: the head)
el_init_walk:
        ld h,EL_LIST/256
        ld l,b
        ld a,(hl)               ; the next cell
        or a
        jr z,el_init_insert     ; the end
        ld d,a
        ld h,mb_board/256
        or 128
        ld l,a
        ld a,(hl)
        xor &80
        cp e
        jr c,el_init_insert     ; lighter than C: C goes before it
        ld b,d
        jr el_init_walk
el_init_insert:
        ld h,EL_LIST/256        ; between B and its next
        ld l,b
        ld d,(hl)               ; D = the next (0: the head again)
        ld (hl),c
        ld l,c
        ld (hl),d               ; next of C
        set 7,l
        ld (hl),b               ; previous of C
        ld l,d
        set 7,l
        ld (hl),c               ; previous of the next
        ex af,af'
        inc a
        ex af,af'
el_init_next:
        inc c
        ld a,c
        cp MB_END
        jr c,el_init_cell
        ld hl,NB_TABLE          ; the neighbour mask of each cell
        ld b,0
el_init_clear:
        ld (hl),b
        inc l
        jr nz,el_init_clear
        ld c,MB_FIRST
el_init_disc:
        ld h,mb_board/256
        ld l,c
        ld a,(hl)
        dec a
        cp 2
        jr nc,el_init_nodisc    ; empty or frame
        ld h,NB_TABLE/256
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
el_init_nodisc:
        inc c
        ld a,c
        cp MB_END
        jr c,el_init_disc
        pop de
        ex af,af'
        ret

; el_remove: takes cell C out of the empty list. Keeps C, DE; trashes AF, B, HL.
el_remove:
        ld h,EL_LIST/256
        ld l,c
        ld b,(hl)               ; B = next
        set 7,l
        ld a,(hl)               ; A = previous
        ld l,a
        ld (hl),b
        ld l,b
        set 7,l
        ld (hl),a
        ret

; el_restore: puts cell C back between the neighbours it had when it was removed (they are
; still in its entries). Keeps C, DE; trashes AF, B, HL.
el_restore:
        ld h,EL_LIST/256
        ld l,c
        ld b,(hl)
        set 7,l
        ld a,(hl)
        ld l,a
        ld (hl),c
        ld l,b
        set 7,l
        ld (hl),c
        ret

; The eight rays of a cell are visited NW N NE W E SW S SE (cell offsets -11 -10 -9 -1 1 9 10
; 11); L steps from one neighbour to the next (+1, +1, +8, +2, +8, +1, +1) and a ray that moved
; L puts it back on its neighbour (sq_legal visits them in the order of the neighbour mask
; instead, NW SE N S NE SW W E, and sets L from C for each). sq_legal, mob_count, sm_make
; and sm_make_x write their eight ray blocks out one after the other (`; NW: off = -11`,
; ...): the same code with its own offset `off` and labels <routine>_<ray>_<step>. A macro with the offset as parameter would
; not assemble in both WinAPE and RASM, which write parameters differently (docs/assembler.md).

; sq_legal: carry set iff P may play on the empty cell C. In: A = C's neighbour mask (NB_TABLE,
; not 0), H = mb_board / 256. Keeps BC, DE, H; trashes AF, AF', L. The mask comes out of A
; one bit a ray (NW SE N S NE SW W E, bits 7 to 0); a ray whose neighbour is empty is skipped.
; While a ray is walked the mask waits in A'. Each ray block jumps to sq_legal_yes if the ray
; from C in direction `off` (L = C + off) brackets O discs with a P disc.
sq_legal:
        ; NW: off = -11
        add a,a
        jr nc,sq_legal_nw_skip
        ex af,af'
        ld a,c
        add a,-11
        ld l,a
        ld a,(hl)
        cp e
        jr nz,sq_legal_nw_end
sq_legal_nw_walk:
        ld a,l
        add a,-11
        ld l,a
        ld a,(hl)
        cp e
        jr z,sq_legal_nw_walk
        cp d
        jp z,sq_legal_yes
sq_legal_nw_end:
        ex af,af'
sq_legal_nw_skip:
        ; SE: off = 11
        add a,a
        jr nc,sq_legal_se_skip
        ex af,af'
        ld a,c
        add a,11
        ld l,a
        ld a,(hl)
        cp e
        jr nz,sq_legal_se_end
sq_legal_se_walk:
        ld a,l
        add a,11
        ld l,a
        ld a,(hl)
        cp e
        jr z,sq_legal_se_walk
        cp d
        jp z,sq_legal_yes
sq_legal_se_end:
        ex af,af'
sq_legal_se_skip:
        ; N: off = -10
        add a,a
        jr nc,sq_legal_n_skip
        ex af,af'
        ld a,c
        add a,-10
        ld l,a
        ld a,(hl)
        cp e
        jr nz,sq_legal_n_end
sq_legal_n_walk:
        ld a,l
        add a,-10
        ld l,a
        ld a,(hl)
        cp e
        jr z,sq_legal_n_walk
        cp d
        jp z,sq_legal_yes
sq_legal_n_end:
        ex af,af'
sq_legal_n_skip:
        ; S: off = 10
        add a,a
        jr nc,sq_legal_s_skip
        ex af,af'
        ld a,c
        add a,10
        ld l,a
        ld a,(hl)
        cp e
        jr nz,sq_legal_s_end
sq_legal_s_walk:
        ld a,l
        add a,10
        ld l,a
        ld a,(hl)
        cp e
        jr z,sq_legal_s_walk
        cp d
        jp z,sq_legal_yes
sq_legal_s_end:
        ex af,af'
sq_legal_s_skip:
        ; NE: off = -9
        add a,a
        jr nc,sq_legal_ne_skip
        ex af,af'
        ld a,c
        add a,-9
        ld l,a
        ld a,(hl)
        cp e
        jr nz,sq_legal_ne_end
sq_legal_ne_walk:
        ld a,l
        add a,-9
        ld l,a
        ld a,(hl)
        cp e
        jr z,sq_legal_ne_walk
        cp d
        jp z,sq_legal_yes
sq_legal_ne_end:
        ex af,af'
sq_legal_ne_skip:
        ; SW: off = 9
        add a,a
        jr nc,sq_legal_sw_skip
        ex af,af'
        ld a,c
        add a,9
        ld l,a
        ld a,(hl)
        cp e
        jr nz,sq_legal_sw_end
sq_legal_sw_walk:
        ld a,l
        add a,9
        ld l,a
        ld a,(hl)
        cp e
        jr z,sq_legal_sw_walk
        cp d
        jp z,sq_legal_yes
sq_legal_sw_end:
        ex af,af'
sq_legal_sw_skip:
        ; W: off = -1
        add a,a
        jr nc,sq_legal_w_skip
        ex af,af'
        ld l,c
        dec l
        ld a,(hl)
        cp e
        jr nz,sq_legal_w_end
sq_legal_w_walk:
        dec l
        ld a,(hl)
        cp e
        jr z,sq_legal_w_walk
        cp d
        jp z,sq_legal_yes
sq_legal_w_end:
        ex af,af'
sq_legal_w_skip:
        ; E: off = 1
        add a,a
        jr nc,sq_legal_e_skip
        ex af,af'
        ld l,c
        inc l
        ld a,(hl)
        cp e
        jr nz,sq_legal_e_end
sq_legal_e_walk:
        inc l
        ld a,(hl)
        cp e
        jr z,sq_legal_e_walk
        cp d
        jp z,sq_legal_yes
sq_legal_e_end:
        ex af,af'
sq_legal_e_skip:
        or a
        ret
sq_legal_yes:
        scf
        ret

; mob_any: carry set iff P (D) has a legal move. Tries first the square where it last found
; one for P (MOB_MEMO, alphabeta.asm; the leaves of a node are siblings, and a move there
; usually stays legal), then walks the empty list from its end, the lightest squares first:
; where the game goes on, a move is usually found there soonest (the leaf's test, ab_leaf).
; Keeps DE; trashes AF, C, HL.
mob_any:
        ld a,MOB_MEMO-SCRATCH   ; the cell where P's last move was found, first
        add a,d
        ld l,a
        ld h,SCRATCH/256
        ld l,(hl)
        ld h,mb_board/256
        ld a,(hl)               ; empty? (cell 0, none yet, is the frame's)
        or a
        jr nz,mob_any_walk
        ld c,l
        ld h,NB_TABLE/256
        ld a,(hl)
        or a
        jr z,mob_any_walk
        ld h,mb_board/256
        call sq_legal
        ret c
mob_any_walk:
        ld c,0
mob_any_next:
        ld h,EL_LIST/256
        ld a,c
        or 128
        ld l,a
        ld c,(hl)               ; the previous cell
        ld a,c
        or a
        ret z                   ; carry clear: none
        ld l,c
        inc h                   ; NB_TABLE: no disc next to it, no move there
        ld a,(hl)
        or a
        jr z,mob_any_next
        ld h,mb_board/256
        call sq_legal
        jr nc,mob_any_next
        ld a,MOB_MEMO-SCRATCH
        add a,d
        ld l,a
        ld h,SCRATCH/256
        ld (hl),c
        scf
        ret

; mob_any_all: mob_any without the masks (every ray of every empty cell): for a leaf made
; without them (sm_masks). Keeps DE; trashes AF, AF', C, HL.
mob_any_all:
        ld c,0
mob_any_all_next:
        ld h,EL_LIST/256
        ld l,c
        ld c,(hl)
        ld a,c
        or a
        ret z                   ; carry clear: none
        ld h,mb_board/256
        ld a,&FF
        call sq_legal
        ret c
        jr mob_any_all_next

; mob_count: B = P's legal moves, a corner counted three times: the key of ab_key_replies's
; fastest-first order, where a move that lets the opponent take a corner goes after one that
; gives it two more moves elsewhere (docs/ai.md appendix A, "Endgame"). Every empty cell's
; rays are read as sm_make_x reads them (NW to SE, L stepping from one neighbour to the next),
; without the neighbour masks: in the exact endgame, which keeps none, a ray costs a third of
; sq_legal's. Keeps DE; trashes AF, C, HL.
mob_count_yes:
        inc b
        ld a,c
        cp 11                   ; a1, h1, a8, h8
        jr z,mob_count_corner
        cp 18
        jr z,mob_count_corner
        cp 81
        jr z,mob_count_corner
        cp 88
        jr nz,mob_count_next
mob_count_corner:
        inc b
        inc b
        jr mob_count_next
mob_count:
        ld b,0
        ld c,b
mob_count_next:
        ld h,EL_LIST/256
        ld l,c
        ld c,(hl)
        ld a,c
        or a
        ret z
        ld h,mb_board/256
        sub 11
        ld l,a
        ; NW: off = -11
        ld a,(hl)
        cp e
        jr nz,mob_count_nw_end
mob_count_nw_walk:
        ld a,l
        add a,-11
        ld l,a
        ld a,(hl)
        cp e
        jr z,mob_count_nw_walk
        cp d
        jr z,mob_count_yes
        ld a,c
        add a,-11
        ld l,a
mob_count_nw_end:
        inc l
        ; N: off = -10
        ld a,(hl)
        cp e
        jr nz,mob_count_n_end
mob_count_n_walk:
        ld a,l
        add a,-10
        ld l,a
        ld a,(hl)
        cp e
        jr z,mob_count_n_walk
        cp d
        jr z,mob_count_yes
        ld a,c
        add a,-10
        ld l,a
mob_count_n_end:
        inc l
        ; NE: off = -9
        ld a,(hl)
        cp e
        jr nz,mob_count_ne_end
mob_count_ne_walk:
        ld a,l
        add a,-9
        ld l,a
        ld a,(hl)
        cp e
        jr z,mob_count_ne_walk
        cp d
        jr z,mob_count_yes
        ld a,c
        add a,-9
        ld l,a
mob_count_ne_end:
        ld a,l
        add a,8
        ld l,a
        ; W: off = -1
        ld a,(hl)
        cp e
        jr nz,mob_count_w_end
mob_count_w_walk:
        dec l
        ld a,(hl)
        cp e
        jr z,mob_count_w_walk
        cp d
        jp z,mob_count_yes
        ld l,c
        dec l
mob_count_w_end:
        inc l
        inc l
        ; E: off = 1
        ld a,(hl)
        cp e
        jr nz,mob_count_e_end
mob_count_e_walk:
        inc l
        ld a,(hl)
        cp e
        jr z,mob_count_e_walk
        cp d
        jp z,mob_count_yes
        ld l,c
        inc l
mob_count_e_end:
        ld a,l
        add a,8
        ld l,a
        ; SW: off = 9
        ld a,(hl)
        cp e
        jr nz,mob_count_sw_end
mob_count_sw_walk:
        ld a,l
        add a,9
        ld l,a
        ld a,(hl)
        cp e
        jr z,mob_count_sw_walk
        cp d
        jp z,mob_count_yes
        ld a,c
        add a,9
        ld l,a
mob_count_sw_end:
        inc l
        ; S: off = 10
        ld a,(hl)
        cp e
        jr nz,mob_count_s_end
mob_count_s_walk:
        ld a,l
        add a,10
        ld l,a
        ld a,(hl)
        cp e
        jr z,mob_count_s_walk
        cp d
        jp z,mob_count_yes
        ld a,c
        add a,10
        ld l,a
mob_count_s_end:
        inc l
        ; SE: off = 11
        ld a,(hl)
        cp e
        jp nz,mob_count_next
mob_count_se_walk:
        ld a,l
        add a,11
        ld l,a
        ld a,(hl)
        cp e
        jr z,mob_count_se_walk
        cp d
        jp z,mob_count_yes
        jp mob_count_next

; sm_make: P (colour D) plays on cell C. Pushes on the undo stack at IY the flipped cells,
; their number and C; takes C out of the empty list. Out: B = discs flipped, HL' = the sum of
; their effective weights (before the move), NZ; on a cell where P has no move it changes
; nothing and returns Z (ab_lazy finds its moves so).
; Keeps C, DE; trashes AF, HL, DE'. Each ray block flips the ray from C in direction `off` if
; a P disc closes it: each flipped cell goes on the undo stack (IY), B counts it and HL' adds
; its effective weight. L is on the ray's first cell when a block starts and is put back
; there. After the rays: the disc, the undo entry and, unless sm_masks is 0 (a leaf's move),
; the neighbour masks.
sm_make:
        exx
        ld hl,0
        exx
        ld h,mb_board/256
        ld b,0
        ld a,c
        sub 11
        ld l,a
        ; NW: off = -11
        ld a,(hl)
        cp e
        jr nz,sm_make_nw_end
sm_make_nw_walk:
        ld a,l
        add a,-11
        ld l,a
        ld a,(hl)
        cp e
        jr z,sm_make_nw_walk
        cp d
        jr nz,sm_make_nw_fix
sm_make_nw_back:
        ld a,l
        sub -11
        ld l,a
        cp c
        jr z,sm_make_nw_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        set 7,l                 ; mb_weight = mb_board + 128
        ld a,(hl)
        res 7,l
        exx
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        add hl,de
        exx
        jr sm_make_nw_back
sm_make_nw_fix:
        ld a,c
        add a,-11
        ld l,a
sm_make_nw_end:
        inc l
        ; N: off = -10
        ld a,(hl)
        cp e
        jr nz,sm_make_n_end
sm_make_n_walk:
        ld a,l
        add a,-10
        ld l,a
        ld a,(hl)
        cp e
        jr z,sm_make_n_walk
        cp d
        jr nz,sm_make_n_fix
sm_make_n_back:
        ld a,l
        sub -10
        ld l,a
        cp c
        jr z,sm_make_n_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        set 7,l                 ; mb_weight = mb_board + 128
        ld a,(hl)
        res 7,l
        exx
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        add hl,de
        exx
        jr sm_make_n_back
sm_make_n_fix:
        ld a,c
        add a,-10
        ld l,a
sm_make_n_end:
        inc l
        ; NE: off = -9
        ld a,(hl)
        cp e
        jr nz,sm_make_ne_end
sm_make_ne_walk:
        ld a,l
        add a,-9
        ld l,a
        ld a,(hl)
        cp e
        jr z,sm_make_ne_walk
        cp d
        jr nz,sm_make_ne_fix
sm_make_ne_back:
        ld a,l
        sub -9
        ld l,a
        cp c
        jr z,sm_make_ne_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        set 7,l                 ; mb_weight = mb_board + 128
        ld a,(hl)
        res 7,l
        exx
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        add hl,de
        exx
        jr sm_make_ne_back
sm_make_ne_fix:
        ld a,c
        add a,-9
        ld l,a
sm_make_ne_end:
        ld a,l
        add a,8
        ld l,a
        ; W: off = -1
        ld a,(hl)
        cp e
        jr nz,sm_make_w_end
sm_make_w_walk:
        dec l
        ld a,(hl)
        cp e
        jr z,sm_make_w_walk
        cp d
        jr nz,sm_make_w_fix
sm_make_w_back:
        inc l
        ld a,l
        cp c
        jr z,sm_make_w_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        set 7,l                 ; mb_weight = mb_board + 128
        ld a,(hl)
        res 7,l
        exx
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        add hl,de
        exx
        jr sm_make_w_back
sm_make_w_fix:
        ld l,c
        dec l
sm_make_w_end:
        inc l
        inc l
        ; E: off = 1
        ld a,(hl)
        cp e
        jr nz,sm_make_e_end
sm_make_e_walk:
        inc l
        ld a,(hl)
        cp e
        jr z,sm_make_e_walk
        cp d
        jr nz,sm_make_e_fix
sm_make_e_back:
        dec l
        ld a,l
        cp c
        jr z,sm_make_e_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        set 7,l                 ; mb_weight = mb_board + 128
        ld a,(hl)
        res 7,l
        exx
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        add hl,de
        exx
        jr sm_make_e_back
sm_make_e_fix:
        ld l,c
        inc l
sm_make_e_end:
        ld a,l
        add a,8
        ld l,a
        ; SW: off = 9
        ld a,(hl)
        cp e
        jr nz,sm_make_sw_end
sm_make_sw_walk:
        ld a,l
        add a,9
        ld l,a
        ld a,(hl)
        cp e
        jr z,sm_make_sw_walk
        cp d
        jr nz,sm_make_sw_fix
sm_make_sw_back:
        ld a,l
        sub 9
        ld l,a
        cp c
        jr z,sm_make_sw_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        set 7,l                 ; mb_weight = mb_board + 128
        ld a,(hl)
        res 7,l
        exx
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        add hl,de
        exx
        jr sm_make_sw_back
sm_make_sw_fix:
        ld a,c
        add a,9
        ld l,a
sm_make_sw_end:
        inc l
        ; S: off = 10
        ld a,(hl)
        cp e
        jr nz,sm_make_s_end
sm_make_s_walk:
        ld a,l
        add a,10
        ld l,a
        ld a,(hl)
        cp e
        jr z,sm_make_s_walk
        cp d
        jr nz,sm_make_s_fix
sm_make_s_back:
        ld a,l
        sub 10
        ld l,a
        cp c
        jr z,sm_make_s_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        set 7,l                 ; mb_weight = mb_board + 128
        ld a,(hl)
        res 7,l
        exx
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        add hl,de
        exx
        jr sm_make_s_back
sm_make_s_fix:
        ld a,c
        add a,10
        ld l,a
sm_make_s_end:
        inc l
        ; SE: off = 11
        ld a,(hl)
        cp e
        jr nz,sm_make_se_end
sm_make_se_walk:
        ld a,l
        add a,11
        ld l,a
        ld a,(hl)
        cp e
        jr z,sm_make_se_walk
        cp d
        jr nz,sm_make_se_fix
sm_make_se_back:
        ld a,l
        sub 11
        ld l,a
        cp c
        jr z,sm_make_se_fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        set 7,l                 ; mb_weight = mb_board + 128
        ld a,(hl)
        res 7,l
        exx
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        add hl,de
        exx
        jr sm_make_se_back
sm_make_se_fix:
        ld a,c
        add a,11
        ld l,a
sm_make_se_end:
        ld a,b                  ; nothing flipped: not a move, nothing changed (ab_lazy)
        or a
        ret z
        ld l,c
        ld (hl),d
        ld (iy+0),b
        ld (iy+1),c
        inc iy
        inc iy
        ld a,(sm_masks)         ; 0: a leaf's move (ab_lazy), no masks (RRA keeps NZ)
        rra
        jr nc,sm_make_unmasked
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
sm_make_unmasked:
        push bc
        call el_remove
        pop bc
        ret

; sm_masks: 1 (bit 0) where sm_make keeps the neighbour masks; 0 in a node with one ply
; left, which makes its leaves without them (ab_lazy sets it from the depth; ab_unmake takes
; such a move back without them; ab_loop_done, ab_lazy_end and each search's start set 1
; again, so the node's parent finds it as it was). A leaf reads the masks only in mob_any,
; where a missing bit can only hide a move, never invent one, so ab_leaf looks again without
; them (mob_any_all) before it calls a game over.
sm_masks:       db 1

; sm_make_x: in make_unweighted.asm (after the mailbox's pages: room).

; sm_undo: takes back the move on top of the undo stack; E = the colour of the flipped discs
; (the opponent of the side that moved). Out: C = the move's cell. Keeps DE; trashes AF, B, HL.
; The masks go back too, except in the exact endgame; sm_undo_masks and sm_undo_x are its two
; halves for callers that know the mode.
sm_undo_x:                      ; the exact endgame's: it keeps no masks (endgame.asm
        dec iy                  ; eg_exact_mode)
        ld c,(iy+0)
        jr sm_undo_masked
sm_undo:
        ld a,(ab_exact)
        or a
        jr nz,sm_undo_x
sm_undo_masks:                  ; the depth-limited search's
        dec iy
        ld c,(iy+0)
        ld h,NB_TABLE/256
        ld a,c
        sub 11
        ld l,a
        res 6,(hl)
        inc l
        res 4,(hl)
        inc l
        res 2,(hl)
        add a,10
        ld l,a
        res 0,(hl)
        inc l
        inc l
        res 1,(hl)
        add a,10
        ld l,a
        res 3,(hl)
        inc l
        res 5,(hl)
        inc l
        res 7,(hl)
sm_undo_masked:
        ld h,mb_board/256
        ld l,c
        ld (hl),SQ_EMPTY
        dec iy
        ld b,(iy+0)
sm_undo_flip:
        dec iy
        ld l,(iy+0)
        ld (hl),e
        djnz sm_undo_flip
        jp el_restore
