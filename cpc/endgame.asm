; endgame.asm - the exact endgame of levels 3 and up (docs/ai.md 4.3, X(pos)): the alpha-beta
; of alphabeta.asm run without a depth limit, a finished game scored as its WOF disc
; difference. The mode is chosen once, at the root (search.asm), and never switches.
;
;   eg_exact_mode   finished games score d; A = a depth no exact search reaches (a game from
;                   20 empty squares has at most 41 plies, passes included).
;   eg_depth_mode   finished games score WIN + d, 0 or -WIN + d (docs/ai.md 3.4).
;   eg_last         the value of a child with one empty square left and plies to go.
;
; Move order in the endgame (alphabeta.asm ab_gen): the transposition table's move first,
; then fastest first (fewest replies for the opponent) while more than AB_ORDER_EMPTIES
; squares are empty, list order below. Every move after the first is tried with a null
; window first (principal variation search, alphabeta.asm ab_loop).

AB_EXACT_DEPTH  equ 200

eg_exact_mode:
        ld hl,&8000
        ld (ab_win),hl
        ld (ab_loss),hl
        ld a,1
        ld (ab_exact),a
        ld a,AB_EXACT_DEPTH
        ret

eg_depth_mode:
        ld hl,&8000+WIN
        ld (ab_win),hl
        ld hl,&8000-WIN
        ld (ab_loss),hl
        xor a
        ld (ab_exact),a
        ret

; eg_make: ab_make of the exact endgame: no weights, so no S (D = P, E = O, C = cell).
eg_make:
        call sm_make_x          ; B = flips
        ld a,(ix+FR_DIFF)       ; DIFF' = -(DIFF + 2 * flips + 1)
        add a,b
        add a,b
        inc a
        neg
        ld (ix+FR_SIZE+FR_DIFF),a
        ld a,(ix+FR_EMPTY)
        dec a
        ld (ix+FR_SIZE+FR_EMPTY),a
        ld a,(ix+FR_DEPTH)
        dec a
        ld (ix+FR_SIZE+FR_DEPTH),a
        ld (ix+FR_SIZE+FR_P),e
        ld (ix+FR_SIZE+FR_O),d
        ld a,(ix+FR_EMPTY)      ; the child's key, if it keeps an entry (TT_MIN_EMPTIES)
        cp TT_MIN_EMPTIES+1
        ret c
        jp tt_child_hash

; eg_last: the child of frame IX (its frame filled) has one empty square and at least one ply
; to go, so its value is that of the finished game: the side to move plays the last square
; if it can, else the other side does, else nobody can (appendix A: counting the flips is
; enough, nothing is played). The child's PV line (line 1, alphabeta.asm) is that square, or
; empty when neither side can play it. Out: HL (biased), as ab_node would return it.
eg_last:
        ld hl,(ai_nodes)        ; the child is a node
        inc hl
        ld (ai_nodes),hl
        ld a,h
        or l
        jr nz,eg_last_counted
        ld hl,(ai_nodes+2)
        inc hl
        ld (ai_nodes+2),hl
eg_last_counted:
        ld h,EL_LIST/256
        ld l,0
        ld c,(hl)               ; C = the last empty cell
        ld hl,(ab_pv_one)       ; the child's PV: that square (or none, below)
        ld (hl),1
        inc hl
        ld (hl),c
        ld h,mb_board/256
        ld e,(ix+FR_SIZE+FR_O)
        call mb_count_flips     ; B = the flips of the child's side to move there
        ld a,b
        or a
        jr z,eg_last_other
        ld a,(ix+FR_SIZE+FR_DIFF)
        add a,b
        add a,b
        inc a
        ld b,0
        jp ab_term
eg_last_other:
        ld e,(ix+FR_SIZE+FR_P)
        call mb_count_flips     ; its opponent's
        ld a,b
        or a
        jr z,eg_last_nobody
        ld a,(ix+FR_SIZE+FR_DIFF)
        sub b
        sub b
        dec a
        ld b,0
        jp ab_term
eg_last_nobody:
        ld hl,(ab_pv_one)       ; nobody plays it: an empty PV
        ld (hl),0
        ld a,(ix+FR_SIZE+FR_DIFF)
        ld b,1
        jp ab_term
