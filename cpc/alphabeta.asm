; alphabeta.asm - the searches of levels 3 and up (docs/ai.md 4.3): a fail-soft negamax
; alpha-beta over the mailbox, shared by the depth-limited search and the exact endgame
; (endgame.asm sets the mode). The root loop that makes the answer independent of pruning
; is in search.asm.
;
; Values are 16-bit numbers *biased* by &8000 (v + 32768): then a signed comparison is an
; unsigned one (carry of SUB/SBC) and the negation of a biased value is the plain 16-bit
; negation of its bits (-(v + 32768) = -v + 32768 mod 65536). Every value lies in
; -32000..32000 (docs/ai.md 7), so nothing wraps.
;
; Each node has a frame of FR_SIZE bytes (IX), the child's frame follows it. A node's caller
; fills ALPHA, BETA, S, DIFF, EMPTY, DEPTH, P and O (ab_make all but the window). Positions
; at depth 0 are not nodes of their own: their parent evaluates them (ab_leaf), and neither
; is a position with one empty square left (eg_last).
;
;   ab_node    IX = frame: HL = the value of the position for P (biased), fail-soft.
;   ab_make    C = cell: P's move on the board, the child's frame filled (not its window).
;   ab_unmake  takes the frame's current move (FR_MOVE) back.
;   ab_child   HL = the child's value for the child's side to move (a leaf or ab_node).
;   ab_term    A = disc difference, B = empties: HL = the score of a finished game.
;   ab_pv_set  the frame's PV line = its current move and the child's line (docs/ai.md 6.1).

FR_ALPHA        equ 0           ; word: alpha (biased)
FR_BETA         equ 2           ; word: beta (biased)
FR_BEST         equ 4           ; word: the best value so far (biased)
FR_S            equ 6           ; word: S (docs/ai.md 3.2) from P's point of view, two's complement
FR_DIFF         equ 8           ; P's discs minus O's (signed byte)
FR_EMPTY        equ 9           ; empty squares
FR_DEPTH        equ 10          ; plies left (the exact endgame uses AB_EXACT_DEPTH)
FR_P            equ 11          ; colour to move
FR_O            equ 12          ; its opponent
FR_N            equ 13          ; moves in the list
FR_I            equ 14          ; index of the move being searched
FR_MOVE         equ 15          ; its cell
FR_SORT         equ 16          ; 0: the list as it is; 1, 2: lowest key first
                                ; (2: ab_key_values); 3: lowest key first, the keys not
                                ; made yet (AB_SORT_LATER); 4: ab_lazy; 5: eg_lazy
FR_ALPHA0       equ 17          ; word: alpha as the node was entered (tt_store's bound)
FR_BMOVE        equ 19          ; the cell of the best move so far
FR_HMOVE        equ 20          ; the transposition table's best move, 0 = none (tt.asm)
FR_HASH         equ 21          ; 6 bytes: the position's key (tt.asm), where it keeps an entry
FR_HFIRST       equ 27          ; 1: entry 0 is the table's best move, searched first (tt_first)
FR_LIST         equ 28          ; the moves: (cell, key) pairs
FR_SIZE         equ 113         ; a child's field is at most at IX+125 (IX+d reaches 127)
FR_MAX_MOVES    equ (FR_SIZE-FR_LIST)/2     ; 42 (a game reaches at most 33)
SELECT_MIN_DEPTH equ 3          ; a selective level reduces at nodes with this many plies left
                                ; (and more than AB_ORDER_EMPTIES empties: docs/ai.md 4.5)

; COUNT_NODE: one node more (ai_nodes, 32 bits, little endian): a byte's INC (HL) and the
; carry into the next byte only when it wraps, 9 NOPs most of the time. Trashes F, HL.
        macro COUNT_NODE
        ld hl,ai_nodes
        inc (hl)
        jr nz,@counted
        inc hl
        inc (hl)
        jr nz,@counted
        inc hl
        inc (hl)
        jr nz,@counted
        inc hl
        inc (hl)
@counted:
        mend

ab_values       equ SCRATCH     ; the shallow values of the node being keyed (biased):
                                ; 2 * FR_MAX_MOVES bytes (ab_key_values)
MOB_MEMO        equ SCRATCH+88  ; + colour (1, 2): where mob_any last found a move (moves.asm)
AB_KILLERS      equ SCRATCH+96  ; + plies left (the exact endgame's modulo 32): the move that
                                ; last cut off a node there (ab_lazy tries it first)
B_ZERO          equ &8000       ; 0, biased
B_NEG_INF       equ &8000-32000 ; -INF
WIN             equ 30000       ; docs/ai.md 3.4

; ab_node: the value of the position in frame IX for its side to move, fail-soft: exact when
; it lies strictly between alpha and beta, else a bound on the same side of the window.
; Out: HL (biased). Trashes everything but IX, IY (IY is back where it was).
ab_node:
        ld a,(ai_abort)         ; "move now"
        or a
        jp nz,sr_abort
        COUNT_NODE
        call tt_probe           ; the transposition table may settle it (tt.asm)
        ret c
        ld a,(ix+FR_ALPHA)
        ld (ix+FR_ALPHA0),a
        ld a,(ix+FR_ALPHA+1)
        ld (ix+FR_ALPHA0+1),a
        ld a,(ab_exact)         ; one or two plies from the leaves, or near the end of the
        or a                    ; exact endgame: no list (ab_lazy)
        jr nz,ab_node_exact
        ld a,(ix+FR_DEPTH)
        cp SELECT_MIN_DEPTH
        jp c,ab_lazy
        cp AB_LIST_DEPTH        ; a full-width level lists its moves from AB_LIST_DEPTH
        jr nc,ab_node_list      ; plies left only; a selective one from 3, where its shallow
        ld a,(ab_select)        ; values choose the moves it reduces (docs/ai.md 4.5)
        or a
        jp z,ab_lazy
        jr ab_node_list
ab_node_exact:
        ld a,(ix+FR_EMPTY)
        cp AB_LAZY_EMPTIES+1
        jp c,eg_lazy
ab_node_list:
        call ab_gen
        or a
        jp z,ab_no_move
        call tt_first           ; its best move first
ab_node_loop:
        ld (ix+FR_BEST),B_NEG_INF-(B_NEG_INF/256*256)
        ld (ix+FR_BEST+1),B_NEG_INF/256
        ld (ix+FR_I),0
ab_loop:
        ld a,(ix+FR_SORT)
        cp AB_SORT_LAZY
        jp z,ab_lazy_next
        jp nc,eg_lazy_next      ; AB_SORT_TRY (endgame.asm)
        call ab_pick            ; C = the next move
        call ab_make
        call ab_select_depth    ; a selective level may search it one ply shallower
ab_loop_made:
        ld a,(ix+FR_I)          ; every move after the first: a null window first (PVS), is
        or a                    ; it better than alpha at all?
        jr z,ab_loop_full
        ld l,(ix+FR_ALPHA)      ; the child's window: (-alpha - 1, -alpha)
        ld h,(ix+FR_ALPHA+1)
        NEG_HL
        ld (ix+FR_SIZE+FR_BETA),l
        ld (ix+FR_SIZE+FR_BETA+1),h
        dec hl
        ld (ix+FR_SIZE+FR_ALPHA),l
        ld (ix+FR_SIZE+FR_ALPHA+1),h
        call ab_child
        NEG_HL                  ; the move's value for P, or a bound of it
        ld a,(ix+FR_ALPHA)      ; <= alpha: a bound that is enough
        sub l
        ld a,(ix+FR_ALPHA+1)
        sbc a,h
        jr nc,ab_loop_value
        ld a,l                  ; >= beta: a cut-off, enough too
        sub (ix+FR_BETA)
        ld a,h
        sbc a,(ix+FR_BETA+1)
        jr nc,ab_loop_value     ; else inside the window: search it again, from value - 1
        dec hl                  ; (the value is at least the bound it came back with)
        jr ab_loop_again
ab_loop_full:
        ld l,(ix+FR_ALPHA)      ; the child's window: (-beta, -alpha)
        ld h,(ix+FR_ALPHA+1)
ab_loop_again:
        NEG_HL
        ld (ix+FR_SIZE+FR_BETA),l
        ld (ix+FR_SIZE+FR_BETA+1),h
        ld l,(ix+FR_BETA)
        ld h,(ix+FR_BETA+1)
        NEG_HL
        ld (ix+FR_SIZE+FR_ALPHA),l
        ld (ix+FR_SIZE+FR_ALPHA+1),h
        call ab_child
        NEG_HL                  ; the move's value for P
ab_loop_value:
        push hl
        call ab_unmake
        pop hl
        ld e,(ix+FR_BEST)       ; a new best?
        ld d,(ix+FR_BEST+1)
        ld a,e
        sub l
        ld a,d
        sbc a,h
        jr nc,ab_loop_next      ; value <= best
        ld (ix+FR_BEST),l
        ld (ix+FR_BEST+1),h
        ld a,(ix+FR_MOVE)
        ld (ix+FR_BMOVE),a
        ld e,(ix+FR_ALPHA)      ; above alpha?
        ld d,(ix+FR_ALPHA+1)
        ld a,e
        sub l
        ld a,d
        sbc a,h
        jr nc,ab_loop_next
        ld (ix+FR_ALPHA),l
        ld (ix+FR_ALPHA+1),h
        ld e,(ix+FR_BETA)       ; at or above beta: the other moves cannot matter
        ld d,(ix+FR_BETA+1)
        ld a,l
        sub e
        ld a,h
        sbc a,d
        jr nc,ab_loop_cut
        call ab_pv_set          ; inside the window: the move heads the PV
ab_loop_next:
        inc (ix+FR_I)
        ld a,(ix+FR_I)
        cp (ix+FR_N)
        jp c,ab_loop
        jr ab_loop_done
ab_loop_cut:
        ld a,(ix+FR_DEPTH)      ; a cut-off: the move is this depth's killer (ab_lazy)
        and 31
        add a,AB_KILLERS-SCRATCH
        ld l,a
        ld h,SCRATCH/256
        ld a,(ix+FR_MOVE)
        ld (hl),a
ab_loop_done:
        ld a,1                  ; the masks again (a node with one ply left cleared them)
        ld (sm_masks),a
        call tt_store
        ld l,(ix+FR_BEST)
        ld h,(ix+FR_BEST+1)
        ret

; ab_lazy: a node with one or two plies left (three or four at a full-width level), or of
; the exact endgame with at most AB_LAZY_EMPTIES empty squares, keeps no list: ab_loop takes
; the empty squares in list order, the heaviest first (moves.asm el_init), and tries each by
; making the move (sm_make changes nothing where nothing flips) only when it comes to it, so
; a cut-off spares the squares after it. In the depth-limited search one square goes before
; the list: the table's move, else the killer, the move that last cut off a node with as
; many plies left (AB_KILLERS, ab_loop_cut); the scan then skips it. FR_LIST = that square
; until it is tried (then 0), FR_LIST + 1 the cursor in the empty list, FR_LIST + 2 the
; square the scan skips; FR_N is never reached. The exact endgame's eg_lazy uses FR_MOVE as
; its cursor and FR_LIST for its quarters (endgame.asm).
AB_LIST_DEPTH   equ 5           ; measured best at level 6: lists from 3 plies left cost
                                ; 13 % more (the shallow values of every move), from 4
                                ; 1.1 %, from 7 (none below the root) 4.6 %
AB_LAZY_EMPTIES equ 5           ; measured best: 4 costs 1 % more, 6 0.3 % (with eg_nws)
AB_SORT_LATER   equ 3           ; FR_SORT: ab_pick keys the moves after the table's (ab_gen)
AB_SORT_LAZY    equ 4           ; FR_SORT: ab_lazy_next finds the moves

ab_lazy:
        ld a,(ix+FR_DEPTH)      ; one ply left: the leaves are made without the masks
        dec a                   ; (sm_masks, moves.asm; ab_loop_done and ab_lazy_end set
        ld (sm_masks),a         ; them again)
        jr z,ab_lazy_masks
        ld hl,sm_masks
        ld (hl),1
ab_lazy_masks:
        add a,AB_KILLERS+1-SCRATCH  ; A = depth - 1: this depth's killer
        ld l,a
        ld h,SCRATCH/256
        ld a,(ix+FR_HMOVE)      ; the table's move before it
        or a
        jr nz,ab_lazy_first
        ld a,(hl)
ab_lazy_first:
        ld (ix+FR_LIST),a       ; pending (0 once tried)
        ld (ix+FR_LIST+2),a     ; skipped by the scan
        ld (ix+FR_LIST+1),0     ; the cursor: EL_LIST + 0 links to the first empty cell
        ld a,AB_SORT_LAZY
ab_lazy_sort:                   ; A = FR_SORT (eg_lazy: AB_SORT_TRY)
        ld (ix+FR_SORT),a
        ld (ix+FR_N),255
        ld (ix+FR_MOVE),0       ; EL_LIST + 0 links to the first empty cell
        jp ab_node_loop
ab_lazy_next:
        ld d,(ix+FR_P)
        ld e,(ix+FR_O)
        ld a,(ix+FR_LIST)
        or a
        jr nz,ab_lazy_killer
        ld c,(ix+FR_LIST+1)
ab_lazy_scan:
        ld h,EL_LIST/256        ; the next empty cell (the list is whole again after each
        ld l,c                  ; move is taken back)
        ld c,(hl)
        ld a,c
        or a
        jr z,ab_lazy_end
        ld l,c
        inc h                   ; NB_TABLE: no disc next to it, no move there
        ld a,(hl)
        or a
        jr z,ab_lazy_scan
        ld a,c
        cp (ix+FR_LIST+2)       ; the killer: tried already
        jr z,ab_lazy_scan
        call sm_make            ; the move is found by making it (sm_make: Z where nothing
        jr z,ab_lazy_scan       ; flips, nothing changed; C, DE kept)
        ld (ix+FR_LIST+1),c
ab_lazy_found:
        ld (ix+FR_MOVE),c
        ld a,(ix+FR_DEPTH)      ; the child's frame as ab_make fills it, from sm_make on
        dec a
        jr nz,ab_lazy_node
        call ab_make_leaf_s     ; one ply left: the child is a leaf, its value exact whatever
        call ab_leaf            ; the window, so no window to set and no null window first
        NEG_HL
        jp ab_loop_value
ab_lazy_node:
        ld (ix+FR_SIZE+FR_DEPTH),a
        ld (ix+FR_SIZE+FR_P),e
        ld (ix+FR_SIZE+FR_O),d
        call ab_make_leaf_made
        ld a,(ix+FR_DEPTH)      ; the child's key where it keeps an entry (three or four
        cp TT_MIN_DEPTH+1       ; plies left here, at a full-width level)
        call nc,tt_child_hash
        jp ab_loop_made
ab_lazy_killer:
        ld (ix+FR_LIST),0
        ld c,a
        ld h,mb_board/256
        ld l,c
        ld a,(hl)
        or a
        jr nz,ab_lazy_killer_no ; taken
        ld h,NB_TABLE/256
        ld a,(hl)
        or a
        call nz,sm_make
        jr nz,ab_lazy_found
ab_lazy_killer_no:
        ld c,0
        jr ab_lazy_scan
ab_lazy_end:
        ld a,(ix+FR_I)          ; no move at all: a pass or the end
        or a
        jp nz,ab_loop_done      ; (which sets the masks' flag again)
        inc a                   ; the masks again before the pass's node
        ld (sm_masks),a
        jp ab_no_move

; ab_no_move: P has no legal move. If O has none either the game is over; otherwise P
; passes, which uses no ply: the value is minus O's value at the same depth.
ab_no_move:
        ld d,(ix+FR_O)
        ld e,(ix+FR_P)
        call mob_any
        jr c,ab_no_move_pass
        call ab_pv_line         ; the game is over: an empty PV
        ld (hl),0
        ld a,(ix+FR_DIFF)
        ld b,(ix+FR_EMPTY)
        jp ab_term
ab_no_move_pass:
        ld a,(ix+FR_S)
        ld (ix+FR_SIZE+FR_S),a
        ld a,(ix+FR_S+1)
        ld (ix+FR_SIZE+FR_S+1),a
        ld l,(ix+FR_SIZE+FR_S)  ; S' = -S
        ld h,(ix+FR_SIZE+FR_S+1)
        NEG_HL
        ld (ix+FR_SIZE+FR_S),l
        ld (ix+FR_SIZE+FR_S+1),h
        xor a
        sub (ix+FR_DIFF)
        ld (ix+FR_SIZE+FR_DIFF),a
        ld a,(ix+FR_EMPTY)
        ld (ix+FR_SIZE+FR_EMPTY),a
        ld a,(ix+FR_DEPTH)
        ld (ix+FR_SIZE+FR_DEPTH),a
        ld (ix+FR_SIZE+FR_P),d
        ld (ix+FR_SIZE+FR_O),e
        call tt_keeps           ; the child keeps an entry iff this node does
        call c,tt_pass_hash
        ld l,(ix+FR_BETA)
        ld h,(ix+FR_BETA+1)
        NEG_HL
        ld (ix+FR_SIZE+FR_ALPHA),l
        ld (ix+FR_SIZE+FR_ALPHA+1),h
        ld l,(ix+FR_ALPHA)
        ld h,(ix+FR_ALPHA+1)
        NEG_HL
        ld (ix+FR_SIZE+FR_BETA),l
        ld (ix+FR_SIZE+FR_BETA+1),h
        ld de,FR_SIZE
        add ix,de
        call ab_node
        ld de,-FR_SIZE
        add ix,de
        NEG_HL
        ret

; ab_child: the value of the position after the frame's current move, for the side then to
; move (the child frame is filled, window included). Out: HL (biased).
ab_child:
        ld a,(ix+FR_DEPTH)
        dec a
        jp z,ab_leaf
        ld a,(ix+FR_SIZE+FR_EMPTY)
        dec a
        jp z,eg_last            ; one empty square left (endgame.asm)
        ld de,FR_SIZE
        add ix,de
        cp EG_NWS_EMPTIES       ; a few in the exact endgame: eg_nws_node (endgame.asm)
        jr nc,ab_child_node
        ld a,(ab_exact)
        or a
        jr z,ab_child_node
        call eg_nws_node
        jr ab_child_back
ab_child_node:
        call ab_node
ab_child_back:
        ld de,-FR_SIZE
        add ix,de
        ret

; ab_leaf: the depth-0 value of the child (docs/ai.md 4.3): T if the game is over (neither
; side has a legal move), else E = S + M * (mP - mO) + PM * (pP - pO) from the child's point
; of view, the two terms summed line by line from the line tables (linetab.asm li_sum).
; Out: HL (biased).
ab_leaf:
        ld a,(ai_abort)         ; "move now"
        or a
        jp nz,sr_abort
        COUNT_NODE
        ld d,(ix+FR_O)          ; the child's side to move
        ld e,(ix+FR_P)
        call mob_any
        jr c,ab_leaf_on
        ld a,d
        ld d,e
        ld e,a
        call mob_any
        jr c,ab_leaf_on
        ld a,(sm_masks)         ; made without the masks (ab_lazy): look again without them
        rra
        jr c,ab_leaf_over
        call mob_any_all
        jr c,ab_leaf_on
        ld a,d
        ld d,e
        ld e,a
        call mob_any_all
        jr c,ab_leaf_on
        ld a,(iy-2)             ; the game is over: DIFF and EMPTY of the leaf, which
        add a,a                 ; ab_make_leaf_s left out (the flips: the undo stack's count)
        inc a
        add a,(ix+FR_DIFF)
        neg
        ld (ix+FR_SIZE+FR_DIFF),a
        ld a,(ix+FR_EMPTY)
        dec a
        ld (ix+FR_SIZE+FR_EMPTY),a
        jr ab_leaf_over
ab_leaf_on:
        call li_sum             ; HL = the two terms for black
        ld a,(ix+FR_O)
        cp SQ_BLACK
        jr z,ab_leaf_black
        NEG_HL
ab_leaf_black:
        ex de,hl
        ld l,(ix+FR_SIZE+FR_S)
        ld h,(ix+FR_SIZE+FR_S+1)
        add hl,de
        ld a,h
        xor &80
        ld h,a
        ret
ab_leaf_over:
        ld a,(ix+FR_SIZE+FR_DIFF)
        ld b,(ix+FR_SIZE+FR_EMPTY)
        jp ab_term

; The principal variation (docs/ai.md 6.1) is kept in a triangular table: one line of
; PV_STRIDE bytes (a length, then cells) for each number of empty squares, line(e) at
; ab_pv_base + 24 * e, so a node and the pass node above it share a line, and a node's child
; has the line below. A node whose move comes back inside its window writes its line: that
; move followed by the child's line (ab_pv_set); the line of a node that fails is never
; read, so nothing clears it, except where a line ends: a finished game (ab_no_move), a
; leaf at depth 0 (the move alone) and the last empty square (eg_last writes line 1).
; Done only on those moves, it costs under 1 % of the search's time (docs/ai.md 6.1).

; ab_pv_set: the line of frame IX = its current move (FR_MOVE), then the child's line (none
; when the child was a leaf at depth 0). Trashes AF, BC, DE, HL.
ab_pv_set:
        call ab_pv_line         ; HL = our line
        ld a,(ix+FR_DEPTH)
        dec a
        jr z,ab_pv_set_alone
        ld e,l
        ld d,h
        ld bc,-PV_STRIDE
        add hl,bc               ; HL = the child's line
        ld a,(hl)
        ld c,a
        inc a
        ld (de),a               ; one move more than the child's
        inc de
        ld a,(ix+FR_MOVE)
        ld (de),a
        inc de
        inc hl
        ld a,c
        or a
        ret z
        ld b,0
        ldir
        ret
ab_pv_set_alone:
        ld (hl),1
        inc hl
        ld a,(ix+FR_MOVE)
        ld (hl),a
        ret

; ab_pv_line: HL = the PV line of frame IX (from its empty squares). Trashes F, DE.
ab_pv_line:
        ld l,(ix+FR_EMPTY)
        ld h,0
        add hl,hl
        add hl,hl
        add hl,hl
        ld e,l
        ld d,h
        add hl,hl
        add hl,de               ; * PV_STRIDE (24)
        ld de,(ab_pv_base)
        add hl,de
        ret

; ab_term: the score of a finished game, A = disc difference (signed), B = empty squares:
; the WOF difference d (the empties go to the winner), as WIN + d / -WIN + d / 0 in the
; depth-limited search (docs/ai.md 3.4) and as d in the exact endgame. Out: HL (biased).
ab_term:
        or a
        jr z,ab_term_draw
        jp m,ab_term_loss
        add a,b                 ; d = 1..64
        ld e,a
        ld d,0
        ld hl,(ab_win)          ; &8000 (+ WIN)
        add hl,de
        ret
ab_term_loss:
        sub b                   ; d = -64..-1
        ld e,a
        ld d,&FF
        ld hl,(ab_loss)         ; &8000 (- WIN)
        add hl,de
        ret
ab_term_draw:
        ld hl,B_ZERO
        ret

; ab_make: P of frame IX plays the legal move on cell C (stored as FR_MOVE); fills the
; child's S, DIFF, EMPTY, DEPTH, P and O (docs/ai.md appendix A, "Incremental S":
; S_P += w(C) + 2 * the weights of the flipped discs, plus the corner correction), and its
; key where it keeps a table entry. Trashes everything but IX.
ab_make:
        ld a,(ab_exact)
        or a
        jr nz,ab_make_exact
        call ab_make_s
        ld a,(ix+FR_DEPTH)      ; the child's key, if it keeps an entry (TT_MIN_DEPTH)
        cp TT_MIN_DEPTH+1
        ret c
        jp tt_child_hash
ab_make_exact:
        ld (ix+FR_MOVE),c
        ld d,(ix+FR_P)
        ld e,(ix+FR_O)
        jp eg_make

; ab_make_s: ab_make of the depth-limited search without the child's table key; the line
; pointers follow the move (linetab.asm). ab_make_leaf fills only what ab_leaf reads of a
; child (DIFF, EMPTY, S), for the shallow values of ab_key_values, which look at a child and
; take it back, and ab_make_leaf_made does the same after sm_make (ab_lazy). Trash everything
; but IX.
ab_make_s:
        call ab_make_leaf
        ld a,(ix+FR_DEPTH)
        dec a
        ld (ix+FR_SIZE+FR_DEPTH),a
        ld a,(ix+FR_O)
        ld (ix+FR_SIZE+FR_P),a
        ld a,(ix+FR_P)
        ld (ix+FR_SIZE+FR_O),a
        ret
ab_make_leaf:
        ld (ix+FR_MOVE),c
        ld d,(ix+FR_P)
        ld e,(ix+FR_O)
        call sm_make            ; B = flips, HL' = their weights
ab_make_leaf_made:
        ld a,(ix+FR_DIFF)       ; DIFF' = -(DIFF + 2 * flips + 1)
        add a,b
        add a,b
        inc a
        neg
        ld (ix+FR_SIZE+FR_DIFF),a
        ld a,(ix+FR_EMPTY)
        dec a
        ld (ix+FR_SIZE+FR_EMPTY),a
ab_make_leaf_s:                 ; a leaf of ab_lazy: its DIFF and EMPTY wait for a game over
        ld h,mb_board/256
        ld l,c
        set 7,l
        ld a,(hl)               ; w(C): a corner's own weight never changes
        exx
        add hl,hl               ; 2 * the flipped weights
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        add hl,de
        exx
        ld a,c                  ; a corner: its neighbours' weights change (eval.asm); the
        sub 19                  ; corners 11, 18, 81, 88 lie outside 19..80, so most cells
        cp 81-19                ; need no call
        call nc,ev_corner_make
        exx
        push hl
        exx
        pop de                  ; DE = the change of S_P
        ld l,(ix+FR_S)
        ld h,(ix+FR_S+1)
        add hl,de
        NEG_HL                  ; S of the child, from its side to move
        ld (ix+FR_SIZE+FR_S),l
        ld (ix+FR_SIZE+FR_S+1),h
        ld a,(ix+FR_P)
        jp li_make              ; the discs it put down and flipped, on the undo stack

; ab_unmake: takes back the move ab_make made (or ab_lazy, which makes a leaf's move with
; sm_make itself). Trashes everything but IX.
ab_unmake:
        ld a,(ab_exact)
        or a
        jr nz,ab_unmake_exact
        ld a,(ix+FR_P)          ; the line pointers, from the undo stack
        call li_unmake
        ld e,(ix+FR_O)
        ld a,(sm_masks)         ; a leaf's move made without the masks (ab_lazy)
        rra
        jr nc,ab_unmake_leaf
        call sm_undo_masks      ; C = the cell
ab_unmake_corner:
        ld a,c                  ; a corner's neighbours get W again (no corner in 19..80)
        sub 19
        cp 81-19
        ret c
        jp ev_corner_undo
ab_unmake_leaf:
        call sm_undo_x
        jr ab_unmake_corner
ab_unmake_exact:
        ld e,(ix+FR_O)
        call sm_undo_x          ; the exact endgame keeps no weights
        jp eg_parity_flip

; ab_gen: P's legal moves into the frame's list, and how to order them: by the effective
; weight of the square at depths 1 and 2 (the root of a shallow level; the nodes there take
; their moves without a list, ab_lazy), else while more than AB_ORDER_EMPTIES squares are
; empty by the shallow values in the depth-limited search (ab_key_values: every level, a
; selective one marking its reduced moves too) and fastest first (fewest replies for O, a
; corner counted three times (mob_count), then the heavier square) in the exact endgame and
; at the root (ab_replies), in list order below
; (measured best: 5, with the transposition table; ab_node then puts the table's move
; first). Keyed by replies with a table move (FR_HMOVE), the keys wait for ab_pick
; (AB_SORT_LATER): a cut-off by that move spares them. Out: A = FR_N = the number of moves.
; Trashes everything but IX, IY.
AB_ORDER_EMPTIES equ 5          ; also docs/ai.md 4.5's "more than 5 empty squares"

ab_gen:
        push ix
        pop hl
        ld de,FR_LIST
        add hl,de
        ex de,hl                ; DE = the list
        ld (ab_list_end),de
        ld d,(ix+FR_P)
        ld e,(ix+FR_O)
        ld c,0
        ld b,0                  ; B = moves
        ld a,(ix+FR_HMOVE)      ; keyed by replies and no table move: ab_gen_keyed
        or a
        jr nz,ab_gen_next
        ld a,(ix+FR_DEPTH)
        cp SELECT_MIN_DEPTH
        jr c,ab_gen_next
        ld a,(ix+FR_EMPTY)
        cp AB_ORDER_EMPTIES+1
        jr c,ab_gen_next
        ld a,(ab_exact)
        ld hl,ab_replies
        or (hl)
        jp nz,ab_gen_keyed
ab_gen_next:
        ld h,EL_LIST/256
        ld l,c
        ld c,(hl)
        ld a,c
        or a
        jr z,ab_gen_listed
        ld l,c
        inc h                   ; NB_TABLE: no disc next to it, no move there
        ld a,(hl)
        or a
        jr z,ab_gen_next
        ld h,mb_board/256
        call sq_legal
        jr nc,ab_gen_next
        ld a,b
        cp FR_MAX_MOVES
        jr nc,ab_gen_next       ; no room (a set-up position beyond any game's 33)
        ld hl,(ab_list_end)
        ld (hl),c
        inc hl
        inc hl
        ld (ab_list_end),hl
        inc b
        jr ab_gen_next
ab_gen_listed:
        ld (ix+FR_N),b
        ld (ix+FR_SORT),0
        ld a,b
        cp 2
        jr c,ab_gen_done        ; nothing to order
        ld a,(ix+FR_DEPTH)
        cp SELECT_MIN_DEPTH     ; also where a selective level's shallow values start
        jr c,ab_key_weights
        ld a,(ix+FR_EMPTY)
        cp AB_ORDER_EMPTIES+1
        jr c,ab_gen_done
        ld a,(ab_exact)         ; the depth-limited search: shallow values (and a selective
        ld hl,ab_replies        ; level's marks); the exact endgame and the root: replies
        or (hl)
        jp z,ab_key_values
        ld a,(ix+FR_HMOVE)      ; the table's move goes first (tt_first): the others are
        or a                    ; keyed only if it does not cut the node off (ab_pick)
        jr z,ab_key_replies
        ld (ix+FR_SORT),AB_SORT_LATER
ab_gen_done:
        ld a,(ix+FR_N)
        ret

; ab_key_weights: key = 127 - w(cell): the heavier square first.
ab_key_weights:
        ld (ix+FR_SORT),1
        push ix
        pop hl
        ld de,FR_LIST
        add hl,de
        ld b,(ix+FR_N)
        ld d,mb_board/256
ab_key_weights_key:
        ld e,(hl)
        set 7,e
        ld a,(de)
        cpl                     ; 127 - w = (-w - 1) + 128
        xor &80
        inc hl
        ld (hl),a
        inc hl
        djnz ab_key_weights_key
        ld a,(ix+FR_N)
        ret

; ab_key_replies: key = 8 * min(O's replies, 15) + (127 - w) / 32 (ab_key_put).
ab_key_replies:
        push ix
        pop hl
        ld de,FR_LIST
        add hl,de
        ld a,(ix+FR_N)
ab_key_replies_from:            ; HL = the first entry to key, A = the entries from it
        ld (ix+FR_SORT),1
        ld (ab_key_ptr),hl
        ld (ab_key_left),a
ab_key_replies_key:
        ld hl,(ab_key_ptr)
        ld c,(hl)
        ld d,(ix+FR_P)
        ld e,(ix+FR_O)
        call sm_make_x
        call ab_key_made
        jr nz,ab_key_replies_key
        ld a,(ix+FR_N)
        ret

; ab_gen_keyed: ab_gen, then ab_key_replies, for a node without a table move: each square
; with a neighbour is tried by making the move (sm_make_x changes nothing where nothing
; flips), and a move is keyed while it is made, so that it is walked once instead of tested
; (sq_legal) and then made again. The same list and keys. In: C = 0, D = P, E = O, the
; list at ab_list_end. Out: A = FR_N.
ab_gen_keyed:
        ld (ix+FR_N),0
ab_gen_keyed_next:
        ld h,EL_LIST/256
        ld l,c
        ld c,(hl)
        ld a,c
        or a
        jr z,ab_gen_keyed_done
        ld l,c
        inc h                   ; NB_TABLE: no disc next to it, no move there
        ld a,(hl)
        or a
        jr z,ab_gen_keyed_next
        ld a,(ix+FR_N)
        cp FR_MAX_MOVES
        jr nc,ab_gen_keyed_next ; no room (a set-up position beyond any game's 33)
        ld d,(ix+FR_P)
        ld e,(ix+FR_O)
        call sm_make_x
        jr z,ab_gen_keyed_next  ; not a move: nothing changed
        ld hl,(ab_list_end)
        ld (hl),c
        ld (ab_key_ptr),hl
        inc hl
        inc hl
        ld (ab_list_end),hl
        inc (ix+FR_N)
        push bc                 ; C: the list walk goes on from it
        call ab_key_made
        pop bc
        jr ab_gen_keyed_next
ab_gen_keyed_done:
        ld (ix+FR_SORT),1
        ld a,(ix+FR_N)
        ret

; ab_key_made: frame IX's move on C, just made (sm_make_x): O's replies counted, the move
; taken back, its key put at ab_key_ptr (ab_key_put, below). Out: Z when it was the last of
; ab_key_left. Trashes AF, BC, DE, HL.
ab_key_made:
        ld d,(ix+FR_O)          ; O's replies
        ld e,(ix+FR_P)
        call mob_count
        push bc
        ld e,(ix+FR_O)
        call sm_undo
        pop bc
        ld a,b

; ab_key_put: the key of the entry at ab_key_ptr, 8 * min(A, 15) + (127 - w) / 32 for a count
; A (the fewer the better) and the weight w of its cell (the heavier the better); then the
; next entry. Out: Z when it was the last. Trashes AF, B, DE, HL.
ab_key_put:
        cp 16
        jr c,ab_key_put_few
        ld a,15
ab_key_put_few:
        add a,a
        add a,a
        add a,a
        ld b,a
        ld hl,(ab_key_ptr)
        ld e,(hl)
        ld d,mb_board/256
        set 7,e
        ld a,(de)
        cpl
        xor &80                 ; 127 - w
        rlca
        rlca
        rlca
        and 7                   ; / 32
        or b
        inc hl
        ld (hl),a
        inc hl
        ld (ab_key_ptr),hl
        ld hl,ab_key_left
        dec (hl)
        ret

; ab_pick: C = the next move to search (FR_I): in list order, or the remaining move with the
; lowest key, swapped into place (the earliest of equal keys); first of all the table's best
; move (FR_HFIRST). Entries move with their keys, which ab_select_depth reads. With
; AB_SORT_LATER it keys the remaining moves first (ab_key_replies_from), unless one is left.
; Trashes AF, B, DE, HL (with AB_SORT_LATER everything but C, IX, IY; AF' too).
ab_pick:
        push ix
        pop hl
        ld de,FR_LIST
        add hl,de
        ld a,(ix+FR_I)
        add a,a
        ld e,a
        ld d,0
        add hl,de               ; HL = entry FR_I
        ld c,(hl)
        ld a,(ix+FR_SORT)
        or a
        ret z
        ld a,(ix+FR_I)          ; the table's move comes first, whatever its key
        or a
        jr nz,ab_pick_sorted
        or (ix+FR_HFIRST)
        ret nz
ab_pick_sorted:
        ld a,(ix+FR_N)
        sub (ix+FR_I)
        dec a
        ret z                   ; the last one
        ld b,a                  ; B = entries after this one
        ld a,(ix+FR_SORT)       ; keys not made yet (the table's move did not cut off, or
        cp AB_SORT_LATER        ; was not in the list): the moves from this one on
        jr nz,ab_pick_keyed
        ld a,b
        inc a
        push bc
        push hl
        call ab_key_replies_from
        pop hl
        pop bc
ab_pick_keyed:
        push hl
        inc hl
        ld e,l                  ; DE = the lowest key's entry + 1
        ld d,h
ab_pick_scan:
        inc hl
        inc hl
        ld a,(de)
        cp (hl)
        jr c,ab_pick_keep
        jr z,ab_pick_keep
        ld e,l
        ld d,h
ab_pick_keep:
        djnz ab_pick_scan
        pop hl                  ; HL = entry FR_I
        dec de                  ; DE = the lowest
        ld a,(de)
        ld c,a
        ld a,(hl)               ; swap the two entries
        ld (de),a
        ld (hl),c
        inc hl
        inc de
        ld a,(de)
        ld b,a
        ld a,(hl)
        ld (de),a
        ld (hl),b
        ret

; ab_key_values: the keys of a node of the depth-limited search with at least SELECT_MIN_DEPTH
; plies left and more than AB_ORDER_EMPTIES empty squares (docs/ai.md 4.5 at a selective
; level: ab_select = the margin; at a full-width one, 0, only the order). Each move's shallow
; value u = -V(child, 0) (ab_leaf) is kept in ab_values; the key orders the moves by u, the
; best first: min(best - u, 127), the earliest of equal keys first (the order changes no
; value), and bit 7 marks a move whose u lies more than the margin below the best u:
; ab_select_depth searches it one ply shallower, and it comes after the others. FR_SORT = 2
; says so.
; Trashes everything but IX, IY.
ab_key_values:
        ld (ix+FR_SORT),2
        push ix
        pop hl
        ld de,FR_LIST
        add hl,de
        ld (ab_key_ptr),hl
        ld a,(ix+FR_N)
        ld (ab_key_left),a
        ld hl,ab_values
        ld (ab_value_ptr),hl
        ld hl,B_NEG_INF
        ld (ab_value_best),hl
ab_key_values_move:
        ld hl,(ab_key_ptr)
        ld c,(hl)
        call ab_make_leaf
        call ab_leaf            ; HL = V(child, 0) for the child's side to move
        NEG_HL                  ; u, for P
        ex de,hl
        ld hl,(ab_value_ptr)
        ld (hl),e
        inc hl
        ld (hl),d
        inc hl
        ld (ab_value_ptr),hl
        ld hl,(ab_value_best)   ; the best u so far (biased: an unsigned comparison)
        or a
        sbc hl,de
        jr nc,ab_key_values_kept
        ld (ab_value_best),de
ab_key_values_kept:
        call ab_unmake
        ld hl,(ab_key_ptr)      ; the key is set below, from u
        inc hl
        inc hl
        ld (ab_key_ptr),hl
        ld hl,ab_key_left
        dec (hl)
        jr nz,ab_key_values_move
        ld de,(ab_value_best)
        push ix
        pop hl
        ld bc,FR_LIST+1
        add hl,bc               ; HL = the first key
        ld b,(ix+FR_N)
        push ix
        ld ix,ab_values
ab_key_values_mark:
        ld a,e                  ; A:C = best - u (>= 0)
        sub (ix+0)
        ld c,a
        ld a,d
        sbc a,(ix+1)
        ld a,127
        jr nz,ab_key_values_reduced ; >= 256: beyond any margin
        ld a,(ab_select)        ; margin < best - u: reduced
        cp c
        ld a,c
        jr nc,ab_key_values_full
        cp 128
        jr c,ab_key_values_reduced
        ld a,127
ab_key_values_reduced:
        or &80
        jr ab_key_values_put
ab_key_values_full:
        cp 128
        jr c,ab_key_values_put
        ld a,127
ab_key_values_put:
        ld (hl),a               ; key = min(best - u, 127), bit 7 if reduced
        inc hl
        inc hl
        inc ix
        inc ix
        djnz ab_key_values_mark
        pop ix
        ld a,(ix+FR_N)
        ret

; ab_select_depth: at a selective level, the move just made (entry FR_I) is searched one
; ply shallower when ab_key_values marked it (docs/ai.md 4.5: its shallow value lies more
; than the margin below the best). The mark depends on the position alone, not on the order
; of the search or the window. Trashes AF, DE, HL.
ab_select_depth:
        ld a,(ix+FR_SORT)
        cp 2
        ret nz                  ; no shallow values here
        ld a,(ab_select)
        or a
        ret z                   ; a full-width level: they only ordered the moves
        push ix
        pop hl
        ld de,FR_LIST+1
        add hl,de
        ld a,(ix+FR_I)
        add a,a
        ld e,a
        ld d,0
        add hl,de
        bit 7,(hl)
        ret z
        dec (ix+FR_SIZE+FR_DEPTH)
        ret

AB_LOW          equ SR_LOW_END  ; scratch, outside the program (search.asm's memory map):
ab_list_end     equ AB_LOW      ; word: ab_gen: where the next move goes
ab_key_ptr      equ AB_LOW+2    ; word: ab_key_replies: the entry being keyed
ab_value_ptr    equ AB_LOW+4    ; word: ab_key_values: where the next shallow value goes
ab_value_best   equ AB_LOW+6    ; word: the best so far (biased)
ab_key_left     equ AB_LOW+8    ; ab_key_replies: the entries left to key
AB_LOW_END      equ AB_LOW+9
ab_exact:       db 0            ; 1 in the exact endgame (endgame.asm)
ab_select:      db 0            ; the level's margin (docs/ai.md 4.5), 0: full width
ab_replies:     db 0            ; 1: ab_gen keys by replies (the root's list, search.asm)
ab_pv_base:     dw 0            ; line(e) = ab_pv_base + 24 * e (set by the root, search.asm)
ab_pv_one:      dw 0            ; line(1), for eg_last
ab_win:         dw &8000+WIN    ; ab_term: a won game's base score (biased); &8000 exact
ab_loss:        dw &8000-WIN    ; and a lost game's
