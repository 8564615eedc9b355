; board.asm - the Othello board: its state, legal-move generation and making moves.
;
; ---- Interface (for the UI and the test harness) ------------------------------------------
;
;   game_board    64 bytes, a1..h8: index = row * 8 + col, a1 = 0 (top left), h1 = 7,
;                 h8 = 63. Each byte is SQ_EMPTY (0), SQ_BLACK (1) or SQ_WHITE (2).
;   side_to_move  byte, SQ_BLACK or SQ_WHITE.
;   move_number   byte, incremented by play_move (passes are not counted).
;
;   gen_legal     The legal moves of side_to_move on game_board: legal_count (byte) and
;                 legal_list (legal_count square indices, ascending: the canonical order of
;                 docs/ai.md, which is the order SPACE visits). legal_list has room for 60
;                 entries; reachable positions have at most 33 legal moves.
;   play_move     A = square. If it is a legal move of side_to_move: places the disc, flips,
;                 stores the flipped squares in flip_count (byte) and flip_list (up to 19
;                 square indices: ray by ray in the order NW N NE W E SW S SE, each ray from
;                 its far end back towards the played square), switches side_to_move,
;                 increments move_number and returns with carry clear. Otherwise nothing
;                 changes and it returns with carry set.
;   pass_move     Switches side_to_move.
;   count_discs   Sets black_count and white_count (bytes) from game_board.
;
;   All four may change AF, BC, DE, HL and IX. None uses IY or the alternate registers, none
;   touches the interrupt state. They share the mailbox below with the AI (cpc/ai.asm), so
;   none may be called from an interrupt handler or while the AI runs.
;
; ---- Internals (board, eval and search code) -----------------------------------------------
;
; The search works on a 10 x 10 mailbox: square (row, col) is cell 11 + 10 * row + col, and a
; frame of SQ_BORDER cells surrounds the 64 squares, so walking a ray needs no edge test.
; Ascending cell order is the canonical square order. The mailbox fills one 256-byte page,
; so a walk only changes L: H stays the page (mb_board / 256) and (HL) reads the cell.
; Direction offsets: NW -11, N -10, NE -9, W -1, E +1, SW +9, S +10, SE +11.
;
;   mb_load         HL = a 64-byte board (game_board coding) -> mb_board.
;   mb_store        HL = a 64-byte board <- mb_board.
;   mb_count_flips  discs a move on empty cell C would flip.
;   mb_gen_moves    the legal moves of one side with their flip counts.
;   mb_play         makes a move on the mailbox, pushing what it changed on an undo stack.
;   mb_undo         takes the last move back.

SQ_EMPTY        equ 0
SQ_BLACK        equ 1
SQ_WHITE        equ 2
SQ_BORDER       equ 3           ; the mailbox frame; never in a 64-byte board

MB_FIRST        equ 11          ; cell of a1
MB_END          equ 89          ; one past the cell of h8 (88)
MB_ROW          equ 10          ; cells per mailbox row

; ---- UI interface -----------------------------------------------------------------------------

gen_legal:
        ld hl,game_board
        call mb_load
        ld a,(side_to_move)
        xor 3
        ld e,a                  ; E = the opponent of the side to move
        ld ix,bd_moves
        call mb_gen_moves
        ld ix,bd_moves
        ld de,legal_list
        ld b,0                  ; B = moves copied
        ld h,mb_to_sq/256
gen_legal_copy:
        ld a,(ix+0)
        or a
        jr z,gen_legal_done     ; the list ends with a 0 cell
        ld l,a
        set 7,l                 ; mb_to_sq is at cell + 128 of its page
        ld a,(hl)
        ld (de),a
        inc de
        inc b
        inc ix
        inc ix
        jr gen_legal_copy
gen_legal_done:
        ld a,b
        ld (legal_count),a
        ret

play_move:
        cp 64
        jr nc,play_move_illegal
        ld (bd_square),a
        ld hl,game_board
        call mb_load
        ld a,(bd_square)
        ld hl,sq_to_mb
        ld e,a
        ld d,0
        add hl,de
        ld c,(hl)               ; C = the move's cell
        ld h,mb_board/256
        ld l,c
        ld a,(hl)
        or a
        jr nz,play_move_illegal ; occupied
        ld a,(side_to_move)
        xor 3
        ld e,a
        call mb_count_flips
        ld a,b
        or a
        jr z,play_move_illegal  ; flips nothing
        ld a,(side_to_move)
        ld b,a
        ld ix,bd_undo
        call mb_play            ; A = discs flipped (1..19)
        ld (flip_count),a
        ld b,a
        ld ix,bd_undo           ; the flipped cells come first on the undo stack
        ld de,flip_list
        ld h,mb_to_sq/256
play_move_flip:
        ld l,(ix+0)
        set 7,l
        ld a,(hl)
        ld (de),a
        inc de
        inc ix
        djnz play_move_flip
        ld hl,game_board
        call mb_store
        call pass_move
        ld hl,move_number
        inc (hl)
        or a                    ; carry clear: played
        ret
play_move_illegal:
        scf
        ret

pass_move:
        ld a,(side_to_move)
        xor 3
        ld (side_to_move),a
        ret

count_discs:
        ld hl,game_board
        ld b,64
        ld c,0                  ; C = black discs
        ld e,0                  ; E = white discs
count_discs_loop:
        ld a,(hl)
        cp SQ_BLACK
        jr nz,count_discs_white
        inc c
count_discs_white:
        cp SQ_WHITE
        jr nz,count_discs_next
        inc e
count_discs_next:
        inc hl
        djnz count_discs_loop
        ld a,c
        ld (black_count),a
        ld a,e
        ld (white_count),a
        ret

; ---- Mailbox ----------------------------------------------------------------------------------

; mb_load: fills mb_board from the 64-byte board at HL (frame included).
; Trashes AF, BC, DE, HL.
mb_load:
        push hl
        ld hl,mb_board
        ld de,mb_board+1
        ld (hl),SQ_BORDER
        ld bc,MB_ROW*MB_ROW-1
        ldir
        pop hl
        ld de,mb_board+MB_FIRST
        jp mb_copy_in

; mb_copy_in: copies 64 bytes from HL into a mailbox-shaped table, DE = its cell a1 (the
; frame cells are left alone). Trashes AF, BC, DE, HL.
mb_copy_in:
        ld a,8
mb_copy_in_row:
        ld bc,8
        ldir
        inc de                  ; skip the frame: right cell of this row,
        inc de                  ; left cell of the next
        dec a
        jr nz,mb_copy_in_row
        ret

; mb_store: copies the 64 squares of mb_board to the board at HL. Trashes AF, BC, DE, HL.
mb_store:
        ex de,hl
        ld hl,mb_board+MB_FIRST
        ld a,8
mb_store_row:
        ld bc,8
        ldir
        inc hl
        inc hl
        dec a
        jr nz,mb_store_row
        ret

; mb_count_flips: the discs that a move on the empty cell C would flip.
; In: H = mb_board / 256, C = cell, E = the opponent's colour (the mover is 3 - E).
; Out: B = discs flipped, 0 when the move is illegal. Keeps C, E, H; trashes AF, D, L.
;
; Each ray: if the neighbour is an opponent disc, walk over the opponent discs counting them
; into B (D keeps the count from before the ray); the ray counts if the walk stops on a disc
; of the mover. There the cell holds 0 (empty), 3 (frame) or the mover's 1 or 2, so
; "cell - 1 < 2" tests "mover" without knowing its colour.
mb_count_flips:
        ld b,0
        ; NW (-11)
        ld a,c
        sub 11
        ld l,a
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_nw_end
        ld d,b
mb_count_flips_nw:
        inc b
        ld a,l
        sub 11
        ld l,a
        ld a,(hl)
        cp e
        jr z,mb_count_flips_nw
        dec a
        cp 2
        jr c,mb_count_flips_nw_end
        ld b,d
mb_count_flips_nw_end:
        ; N (-10)
        ld a,c
        sub 10
        ld l,a
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_n_end
        ld d,b
mb_count_flips_n:
        inc b
        ld a,l
        sub 10
        ld l,a
        ld a,(hl)
        cp e
        jr z,mb_count_flips_n
        dec a
        cp 2
        jr c,mb_count_flips_n_end
        ld b,d
mb_count_flips_n_end:
        ; NE (-9)
        ld a,c
        sub 9
        ld l,a
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_ne_end
        ld d,b
mb_count_flips_ne:
        inc b
        ld a,l
        sub 9
        ld l,a
        ld a,(hl)
        cp e
        jr z,mb_count_flips_ne
        dec a
        cp 2
        jr c,mb_count_flips_ne_end
        ld b,d
mb_count_flips_ne_end:
        ; W (-1)
        ld l,c
        dec l
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_w_end
        ld d,b
mb_count_flips_w:
        inc b
        dec l
        ld a,(hl)
        cp e
        jr z,mb_count_flips_w
        dec a
        cp 2
        jr c,mb_count_flips_w_end
        ld b,d
mb_count_flips_w_end:
        ; E (+1)
        ld l,c
        inc l
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_e_end
        ld d,b
mb_count_flips_e:
        inc b
        inc l
        ld a,(hl)
        cp e
        jr z,mb_count_flips_e
        dec a
        cp 2
        jr c,mb_count_flips_e_end
        ld b,d
mb_count_flips_e_end:
        ; SW (+9)
        ld a,c
        add a,9
        ld l,a
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_sw_end
        ld d,b
mb_count_flips_sw:
        inc b
        ld a,l
        add a,9
        ld l,a
        ld a,(hl)
        cp e
        jr z,mb_count_flips_sw
        dec a
        cp 2
        jr c,mb_count_flips_sw_end
        ld b,d
mb_count_flips_sw_end:
        ; S (+10)
        ld a,c
        add a,10
        ld l,a
        ld a,(hl)
        cp e
        jr nz,mb_count_flips_s_end
        ld d,b
mb_count_flips_s:
        inc b
        ld a,l
        add a,10
        ld l,a
        ld a,(hl)
        cp e
        jr z,mb_count_flips_s
        dec a
        cp 2
        jr c,mb_count_flips_s_end
        ld b,d
mb_count_flips_s_end:
        ; SE (+11)
        ld a,c
        add a,11
        ld l,a
        ld a,(hl)
        cp e
        ret nz
        ld d,b
mb_count_flips_se:
        inc b
        ld a,l
        add a,11
        ld l,a
        ld a,(hl)
        cp e
        jr z,mb_count_flips_se
        dec a
        cp 2
        ret c
        ld b,d
        ret

; mb_gen_moves: the legal moves of the side 3 - E on mb_board, in canonical order.
; In: E = the opponent's colour, IX = a buffer of 2 * 60 + 1 bytes.
; Out: the buffer holds (cell, discs flipped) pairs and then a 0 byte (no square is cell 0);
; IX points at that 0. Keeps E; trashes AF, BC, D, HL.
mb_gen_moves:
        ld h,mb_board/256
        ld c,MB_FIRST
mb_gen_moves_cell:
        ld l,c
        ld a,(hl)
        or a
        jr nz,mb_gen_moves_next ; a disc or the frame
        call mb_count_flips
        ld a,b
        or a
        jr z,mb_gen_moves_next
        ld (ix+0),c
        ld (ix+1),b
        inc ix
        inc ix
mb_gen_moves_next:
        inc c
        ld a,c
        cp MB_END
        jr c,mb_gen_moves_cell
        ld (ix+0),0
        ret

; mb_play: plays the legal move on cell C for colour B on mb_board.
; In: B = the mover's colour, C = cell, IX = top of an undo stack (growing upwards).
; Out: pushed on the undo stack: the flipped cells, their count, the cell C; IX is past them.
; A = discs flipped. Keeps BC; trashes F, DE, HL.
mb_play:
        ld a,b
        xor 3
        ld e,a                  ; E = opponent
        ld (mp_start),ix
        ld h,mb_board/256
        ld d,-11
        call mp_ray
        ld d,-10
        call mp_ray
        ld d,-9
        call mp_ray
        ld d,-1
        call mp_ray
        ld d,1
        call mp_ray
        ld d,9
        call mp_ray
        ld d,10
        call mp_ray
        ld d,11
        call mp_ray
        ld l,c
        ld (hl),b               ; the new disc
        push ix
        pop hl
        ld a,(mp_start)
        ld d,a
        ld a,l
        sub d                   ; flips = cells pushed (fewer than 256: low bytes suffice)
        ld (ix+0),a
        ld (ix+1),c
        inc ix
        inc ix
        ret

; mp_ray: flips the ray from cell C in direction D if a disc of colour B closes it, pushing
; the flipped cells at IX. Keeps BC, DE, H.
mp_ray:
        ld a,c
        add a,d
        ld l,a
        ld a,(hl)
        cp e
        ret nz                  ; no opponent disc next to C
mp_ray_walk:
        ld a,l
        add a,d
        ld l,a
        ld a,(hl)
        cp e
        jr z,mp_ray_walk
        cp b
        ret nz                  ; not closed by the mover
mp_ray_back:
        ld a,l                  ; walk back to C, flipping
        sub d
        ld l,a
        cp c
        ret z
        ld (hl),b
        ld (ix+0),l
        inc ix
        jr mp_ray_back

; mb_undo: takes back the move on top of the undo stack.
; In: IX = top of the undo stack (as mb_play left it), E = colour of the flipped discs (the
; opponent of the mover). Out: IX below the move's entry. Keeps C, E; trashes AF, B, HL.
mb_undo:
        ld h,mb_board/256
        dec ix
        ld l,(ix+0)
        ld (hl),SQ_EMPTY
        dec ix
        ld b,(ix+0)             ; at least 1: every legal move flips
mb_undo_flip:
        dec ix
        ld l,(ix+0)
        ld (hl),e
        djnz mb_undo_flip
        ret

; ---- Search helpers (levels 3 and up: search.asm, alphabeta.asm, endgame.asm) -------------------
;
; Next to mb_board the deep searches keep the empty cells in a doubly linked list in canonical
; order (page EL_LIST, search.asm): the next empty cell at el[cell], the previous one at
; el[cell + 128], cell 0 the head (0 also ends the list). Move generation and mobility visit
; the empty cells only, and skip those next to no disc: NB_TABLE (the page after EL_LIST)
; counts the discs around every cell. Colours: D = the side to move (P), E = its opponent (O). mb_weight
; holds the effective weights (docs/ai.md 3.1) while a deep search runs (alphabeta.asm).
;
;   el_init     builds the list from mb_board. Out: A = empty squares.
;   el_remove   C = cell: takes it out of the list (a disc was put there).
;   el_restore  C = cell: puts it back; cells come back in the reverse order they left.
;   sq_legal    C = empty cell: carry set iff P may play there.
;   mob_any     carry set iff P has a legal move.
;   mob_count   B = P's legal moves.
;   mob_both    B = P's legal moves, C = O's (each counted as if that side were to move).
;   sm_make     P plays the legal move on cell C: flips, pushes them on the undo stack at IY.
;   sm_undo     takes back the move on top of the undo stack.

; NEG_HL: HL = -HL (16 bits). Trashes AF.
NEG_HL  macro
        xor a
        sub l
        ld l,a
        sbc a,a
        sub h
        ld h,a
        endm

; el_init: links every empty cell of mb_board, ascending. Out: A = their number.
; Trashes F, BC, HL.
el_init:
        ld b,0                  ; B = the previous empty cell (0: the head)
        ld c,MB_FIRST
        xor a
        ex af,af'               ; A' = empty squares counted
el_init_cell:
        ld h,mb_board/256
        ld l,c
        ld a,(hl)
        or a
        jr nz,el_init_next
        ld h,EL_LIST/256
        ld l,b
        ld (hl),c               ; next of the previous
        ld a,c
        or 128
        ld l,a
        ld (hl),b               ; previous of this one
        ld b,c
        ex af,af'
        inc a
        ex af,af'
el_init_next:
        inc c
        ld a,c
        cp MB_END
        jr c,el_init_cell
        ld h,EL_LIST/256
        ld l,b
        ld (hl),0               ; the last one ends the list
        ld l,128
        ld (hl),b               ; the head's previous: the last one
        ld hl,NB_TABLE          ; the discs next to each cell
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
        inc (hl)
        inc l
        inc (hl)
        inc l
        inc (hl)
        add a,10
        ld l,a
        inc (hl)
        inc l
        inc l
        inc (hl)
        add a,10
        ld l,a
        inc (hl)
        inc l
        inc (hl)
        inc l
        inc (hl)
el_init_nodisc:
        inc c
        ld a,c
        cp MB_END
        jr c,el_init_disc
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

; The eight rays of a cell are visited NW N NE W E SW S SE; L steps from one neighbour to the
; next (+1, +1, +8, +2, +8, +1, +1) and a ray that moved L puts it back on its neighbour.

; LEGAL_RAY: jumps to sq_legal_yes if the ray from cell C in direction `off` (L = C + off)
; brackets O discs with a P disc.
LEGAL_RAY macro off
        ld a,(hl)
        cp e
        jr nz,@end
@walk:  ld a,l
        add a,off
        ld l,a
        ld a,(hl)
        cp e
        jr z,@walk
        cp d
        jp z,sq_legal_yes
        ld a,c
        add a,off
        ld l,a
@end:
        endm

; sq_legal: carry set iff P may play on the empty cell C. In: H = mb_board / 256.
; Keeps BC, DE, H; trashes AF, L.
sq_legal:
        ld a,c
        sub 11
        ld l,a
        LEGAL_RAY -11
        inc l
        LEGAL_RAY -10
        inc l
        LEGAL_RAY -9
        ld a,l
        add a,8
        ld l,a
        LEGAL_RAY -1
        inc l
        inc l
        LEGAL_RAY 1
        ld a,l
        add a,8
        ld l,a
        LEGAL_RAY 9
        inc l
        LEGAL_RAY 10
        inc l
        LEGAL_RAY 11
        or a
        ret
sq_legal_yes:
        scf
        ret

; mob_any: carry set iff P has a legal move. Keeps DE; trashes AF, C, HL.
mob_any:
        ld c,0
mob_any_next:
        ld h,EL_LIST/256
        ld l,c
        ld c,(hl)
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
        ret c
        jr mob_any_next

; mob_count: B = P's legal moves. Keeps DE; trashes AF, C, HL.
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
        ld l,c
        inc h                   ; NB_TABLE
        ld a,(hl)
        or a
        jr z,mob_count_next
        ld h,mb_board/256
        call sq_legal
        jr nc,mob_count_next
        inc b
        jr mob_count_next

; MOB_RAY: one ray of mob_both. B holds what is known of cell C: bit 0 = P may play there,
; bit 1 = O may. A P disc next to C may open a move for O, an O disc one for P; once both
; are known the cell is done (mob_both_cell).
MOB_RAY macro off
        ld a,(hl)
        cp e
        jr z,@opp
        cp d
        jr nz,@end
        bit 1,b
        jr nz,@end
@pw:    ld a,l
        add a,off
        ld l,a
        ld a,(hl)
        cp d
        jr z,@pw
        cp e
        jr nz,@back
        set 1,b
        jr @found
@opp:   bit 0,b
        jr nz,@end
@ow:    ld a,l
        add a,off
        ld l,a
        ld a,(hl)
        cp e
        jr z,@ow
        cp d
        jr nz,@back
        set 0,b
@found: ld a,b
        cp 3
        jp z,mob_both_cell
@back:  ld a,c
        add a,off
        ld l,a
@end:
        endm

; mob_both: B = P's legal moves, C = O's, in one pass over the empty cells. The counts run
; in B' and C'. Keeps DE; trashes AF, HL and the alternate BC.
mob_both:
        exx
        ld bc,0
        exx
        ld c,0
mob_both_next:
        ld h,EL_LIST/256
        ld l,c
        ld c,(hl)
        ld a,c
        or a
        jp z,mob_both_end
        ld l,c
        inc h                   ; NB_TABLE
        ld a,(hl)
        or a
        jr z,mob_both_next
        ld h,mb_board/256
        ld b,0
        ld a,c
        sub 11
        ld l,a
        MOB_RAY -11
        inc l
        MOB_RAY -10
        inc l
        MOB_RAY -9
        ld a,l
        add a,8
        ld l,a
        MOB_RAY -1
        inc l
        inc l
        MOB_RAY 1
        ld a,l
        add a,8
        ld l,a
        MOB_RAY 9
        inc l
        MOB_RAY 10
        inc l
        MOB_RAY 11
mob_both_cell:
        srl b
        jr nc,mob_both_o
        exx
        inc b
        exx
mob_both_o:
        srl b
        jp nc,mob_both_next
        exx
        inc c
        exx
        jp mob_both_next
mob_both_end:
        exx
        push bc
        exx
        pop bc
        ret

; SM_RAY: flips the ray from cell C in direction `off` if a P disc closes it: each flipped
; cell goes on the undo stack (IY) and B counts it; with `weights` = 1, HL' also adds its
; effective weight. L is on the ray's first cell when it starts and is put back there.
SM_RAY macro off, weights
        ld a,(hl)
        cp e
        jr nz,@end
@walk:  ld a,l
        add a,off
        ld l,a
        ld a,(hl)
        cp e
        jr z,@walk
        cp d
        jr nz,@fix
@back:  ld a,l
        sub off
        ld l,a
        cp c
        jr z,@fix
        ld (hl),d
        ld (iy+0),l
        inc iy
        inc b
        if weights
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
        endif
        jr @back
@fix:   ld a,c
        add a,off
        ld l,a
@end:
        endm

; SM_BODY: the eight rays of sm_make, then the disc, the undo entry, the neighbour counts.
SM_BODY macro weights
        ld h,mb_board/256
        ld b,0
        ld a,c
        sub 11
        ld l,a
        SM_RAY -11, weights
        inc l
        SM_RAY -10, weights
        inc l
        SM_RAY -9, weights
        ld a,l
        add a,8
        ld l,a
        SM_RAY -1, weights
        inc l
        inc l
        SM_RAY 1, weights
        ld a,l
        add a,8
        ld l,a
        SM_RAY 9, weights
        inc l
        SM_RAY 10, weights
        inc l
        SM_RAY 11, weights
        ld l,c
        ld (hl),d
        ld (iy+0),b
        ld (iy+1),c
        inc iy
        inc iy
        ld h,NB_TABLE/256       ; one more disc next to each neighbour
        ld a,c
        sub 11
        ld l,a
        inc (hl)
        inc l
        inc (hl)
        inc l
        inc (hl)
        add a,10
        ld l,a
        inc (hl)
        inc l
        inc l
        inc (hl)
        add a,10
        ld l,a
        inc (hl)
        inc l
        inc (hl)
        inc l
        inc (hl)
        push bc
        call el_remove
        pop bc
        ret
        endm

; sm_make: P (colour D) plays the legal move on cell C. Pushes on the undo stack at IY the
; flipped cells, their number and C; takes C out of the empty list.
; Out: B = discs flipped, HL' = the sum of their effective weights (before the move).
; Keeps C, DE; trashes AF, HL, DE'.
sm_make:
        exx
        ld hl,0
        exx
        SM_BODY 1

; sm_make_x: sm_make without the weights (the exact endgame needs none). Keeps C, DE;
; trashes AF, HL.
sm_make_x:
        SM_BODY 0

; sm_undo: takes back the move on top of the undo stack; E = the colour of the flipped discs
; (the opponent of the side that moved). Out: C = the move's cell. Keeps DE; trashes AF, B, HL.
sm_undo:
        ld h,NB_TABLE/256
        dec iy
        ld c,(iy+0)
        ld a,c
        sub 11
        ld l,a
        dec (hl)
        inc l
        dec (hl)
        inc l
        dec (hl)
        add a,10
        ld l,a
        dec (hl)
        inc l
        inc l
        dec (hl)
        add a,10
        ld l,a
        dec (hl)
        inc l
        dec (hl)
        inc l
        dec (hl)
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

; ---- Data -------------------------------------------------------------------------------------

game_board:     ds 64
side_to_move:   db SQ_BLACK
move_number:    db 0
legal_count:    db 0
legal_list:     ds 60
flip_count:     db 0
flip_list:      ds 19
black_count:    db 0
white_count:    db 0

bd_square:      db 0            ; play_move's argument
bd_moves:       ds 2*60+1       ; gen_legal's move list
bd_undo:        ds 19+2         ; play_move's undo entry
mp_start:       dw 0            ; mb_play: the undo stack top on entry

; sq_to_mb: the mailbox cell of each square a1..h8.
sq_to_mb:
        db 11,12,13,14,15,16,17,18
        db 21,22,23,24,25,26,27,28
        db 31,32,33,34,35,36,37,38
        db 41,42,43,44,45,46,47,48
        db 51,52,53,54,55,56,57,58
        db 61,62,63,64,65,66,67,68
        db 71,72,73,74,75,76,77,78
        db 81,82,83,84,85,86,87,88

; Two page-aligned pages of mailbox-indexed tables. Code reaches the table at +128 of a page
; by setting bit 7 of L (cells are below 100).
        align 256
mb_board:       ds 128          ; the mailbox (cells 0..99)
mb_weight:      ds 128          ; = mb_board + 128: base square weights by cell (ev_init)

; mb_adj: for the three neighbours of each corner, the corner's cell, plus 128 for the
; diagonal neighbour (the X-square); 0 for every other cell.
mb_adj:
        db 0,0,0,0,0,0,0,0,0,0
        db 0,0,11,0,0,0,0,18,0,0        ; b1 -> a1, g1 -> h1
        db 0,11,139,0,0,0,0,146,18,0    ; a2 -> a1, b2 -> a1 (X), g2 -> h1 (X), h2 -> h1
        db 0,0,0,0,0,0,0,0,0,0
        db 0,0,0,0,0,0,0,0,0,0
        db 0,0,0,0,0,0,0,0,0,0
        db 0,0,0,0,0,0,0,0,0,0
        db 0,81,209,0,0,0,0,216,88,0    ; a7 -> a8, b7 -> a8 (X), g7 -> h8 (X), h7 -> h8
        db 0,0,81,0,0,0,0,88,0,0        ; b8 -> a8, g8 -> h8
        db 0,0,0,0,0,0,0,0,0,0
        ds 28
; mb_to_sq (= mb_adj + 128): the square index of each cell, 255 for the frame.
mb_to_sq:
        db 255,255,255,255,255,255,255,255,255,255
        db 255,  0,  1,  2,  3,  4,  5,  6,  7,255
        db 255,  8,  9, 10, 11, 12, 13, 14, 15,255
        db 255, 16, 17, 18, 19, 20, 21, 22, 23,255
        db 255, 24, 25, 26, 27, 28, 29, 30, 31,255
        db 255, 32, 33, 34, 35, 36, 37, 38, 39,255
        db 255, 40, 41, 42, 43, 44, 45, 46, 47,255
        db 255, 48, 49, 50, 51, 52, 53, 54, 55,255
        db 255, 56, 57, 58, 59, 60, 61, 62, 63,255
        db 255,255,255,255,255,255,255,255,255,255
        ds 28
