; search.asm - the move choice of docs/ai.md sections 4 and 5: levels 1 and 2 here, and the
; root of levels 3 and up (sr_deep), whose tree search is in alphabeta.asm and endgame.asm.
;
; Every search starts from the position ai_entry put on mb_board, with sr_me (the side to
; move), sr_opp and sr_discs (discs on the board) set, sr_best_sq = 0 (no move yet) and the
; node counter cleared. It leaves the chosen move in sr_best_sq (a cell, 0 = no legal move),
; its score in sr_best and its principal variation at sr_pv (a line: the length, then the
; cells; docs/ai.md 6.1). With sr_only set (a cell) it values that root move alone: the
; per-move score of docs/ai.md section 10 (0 in sr_best_sq when the move is not legal).
;
; Root moves are scanned in canonical order and only a strictly greater score replaces the
; best (sr_offer), so ties go to the earliest square, as section 5 requires.
;
; Room for the searches of levels 3 and up: each ply has its own move list (mb_gen_moves
; into a per-ply buffer) and pushes its move on one undo stack (mb_play / mb_undo), so
; a recursive alpha-beta can reuse these routines; sr_greater is a real signed comparison
; valid over the whole i16 range.
;
;   sr_nixon_easy   level 1: the best S1.
;   sr_nixon_hard   level 2: the best S1 minus the opponent's best reply S1 (or plus PB).

; ---- Level 1 ----------------------------------------------------------------------------------

sr_nixon_easy:
        ld a,(sr_opp)
        ld e,a
        ld ix,sr_root_moves
        call mb_gen_moves
        call sr_only_list
        ld a,(sr_discs)
        call ev_set_factor
        ld ix,sr_root_moves
sr_nixon_easy_move:
        ld c,(ix+0)
        ld a,c
        or a
        jr z,sr_nixon_easy_pv   ; end of the list
        ld b,(ix+1)
        call sr_count_node
        call ev_move_score      ; HL = S1
        call sr_offer
        inc ix
        inc ix
        jr sr_nixon_easy_move
sr_nixon_easy_pv:               ; the PV: the move alone
        ld a,(sr_best_sq)
        ld (sr_pv_small+1),a
        ld a,1
        ld (sr_pv_small),a
        ld hl,sr_pv_small
        ld (sr_pv),hl
        ret

; ---- Level 2 ----------------------------------------------------------------------------------

sr_nixon_hard:
        ld hl,sr_pv_small       ; the PV: the move and the reply (docs/ai.md 4.2)
        ld (sr_pv),hl
        ld a,(sr_opp)
        ld e,a
        ld ix,sr_root_moves
        call mb_gen_moves
        call sr_only_list
        ld ix,sr_root_moves
sr_nixon_hard_move:
        ld c,(ix+0)
        ld a,c
        or a
        ret z
        ld b,(ix+1)
        ld (sr_root_ptr),ix
        call sr_count_node
        ld a,(sr_discs)
        call ev_set_factor
        call ev_move_score
        ld (sr_mine),hl         ; S1 of the move, from the position before it
        ld a,(sr_me)
        ld b,a
        ld ix,sr_undo
        call mb_play
        ld (sr_undo_top),ix
        ld a,(sr_discs)
        inc a                   ; the replies are made with one more disc on the board
        call ev_set_factor
        ld a,(sr_me)
        ld e,a                  ; the opponent moves now: its opponent is me
        ld ix,sr_reply_moves
        call mb_gen_moves
        call sr_best_reply
        jr z,sr_nixon_hard_no_reply
        ex de,hl
        ld hl,(sr_mine)
        or a
        sbc hl,de               ; S2 = S1 - best reply (|S2| <= 5120: no overflow)
        jr sr_nixon_hard_undo
sr_nixon_hard_no_reply:
        ld a,(w_pass_bonus)
        ld e,a
        add a,a
        sbc a,a
        ld d,a
        ld hl,(sr_mine)
        add hl,de               ; S2 = S1 + PB
sr_nixon_hard_undo:
        ld (sr_score),hl
        ld ix,(sr_undo_top)
        ld a,(sr_opp)
        ld e,a
        call mb_undo
        ld ix,(sr_root_ptr)
        ld c,(ix+0)
        ld hl,(sr_score)
        call sr_offer
        ld a,(sr_best_sq)
        cp c
        call z,sr_nixon_hard_pv ; it is the best now
        inc ix
        inc ix
        jr sr_nixon_hard_move

; sr_nixon_hard_pv: the PV of the best move (cell A): the move, then its earliest best reply
; (sr_reply_cell) unless there is none. Trashes AF.
sr_nixon_hard_pv:
        ld (sr_pv_small+1),a
        ld a,(sr_reply_cell)
        ld (sr_pv_small+2),a
        or a
        ld a,1
        jr z,sr_nixon_hard_pv_len
        inc a
sr_nixon_hard_pv_len:
        ld (sr_pv_small),a
        ret

; sr_best_reply: the highest S1 in sr_reply_moves (ev_factor already set).
; Out: Z when the list is empty; otherwise NZ and HL = the highest S1. sr_reply_cell = the
; earliest reply with it, 0 when there is none. Trashes AF, BC, DE, IX.
sr_best_reply:
        ld ix,sr_reply_moves
        ld a,(ix+0)
        ld (sr_reply_cell),a
        or a
        ret z
        ld c,a
        ld b,(ix+1)
        call sr_count_node
        call ev_move_score
        ld (sr_reply),hl
sr_best_reply_next:
        inc ix
        inc ix
        ld a,(ix+0)
        or a
        jr z,sr_best_reply_done
        ld c,a
        ld b,(ix+1)
        call sr_count_node
        call ev_move_score
        ld de,(sr_reply)
        call sr_greater
        jr nc,sr_best_reply_next
        ld (sr_reply),hl
        ld a,c
        ld (sr_reply_cell),a
        jr sr_best_reply_next
sr_best_reply_done:
        ld hl,(sr_reply)
        or 1                    ; NZ
        ret

; ---- Levels 3 and up: the root -----------------------------------------------------------------
;
; Free RAM used by the deep searches (above the program, below the stack; not part of
; OTHELLO.BIN, set up by each search):
;
;   &8000-&80FF  EL_LIST     the empty cells, a doubly linked list (moves.asm)
;   &8100-&81FF  NB_TABLE    the number of discs next to each cell (moves.asm)
;   &8200-&83FF  MOB_LO/HI   M * k for k = -64..64, low and high bytes (eval.asm)
;   &8400-&87FF  UNDO_STACK  flipped cells, their count and the cell of every move on the
;                            path: at most 41 moves of 21 bytes (moves.asm sm_make)
;   &8800-&990F  FRAMES      one FR_SIZE frame per ply: at most 42 (alphabeta.asm)
;   &9910-&9BAF  PV_TABLE    the principal variation: 21 lines of PV_STRIDE bytes, the
;                            root's at PV_ROOT (alphabeta.asm ab_pv_set)
;   &BE00-&BFFF              the stack (STACK_TOP = &C000): the search nests 4 bytes a ply
;
; sr_deep: A = the level (3..); the position is on mb_board, sr_me / sr_opp set, ev_init
; done. Sets sr_best_sq (0 = no move) and sr_best like the levels 1 and 2. The root loop is
; that of docs/ai.md section 5 with the root moves ordered: a move on a square before the
; current best is searched with the window (best - 1, +INF) and replaces it on a value >=
; best; a later one with (best, +INF), replacing it only on a greater value. So the answer
; is the earliest square of maximal value whatever the order and the pruning. The search
; polls ai_abort (advice.asm, "move now") at every node and leaf: see sr_abort. Each root
; move taken as the best writes its PV at PV_ROOT (docs/ai.md 6.1). With sr_only set (a
; cell, ai.asm ai_only) the root searches that move alone, with the full window: its exact
; value is the per-move score of docs/ai.md 10.

SEARCH_RAM      equ &8000
EL_LIST         equ &8000
NB_TABLE        equ &8100
MOB_LO          equ &8200
MOB_HI          equ &8300
UNDO_STACK      equ &8400
FRAMES          equ &8800
PV_MAX          equ 20          ; the longest PV: depth <= 12 plies, exact from <= 20 empties
PV_STRIDE       equ 32          ; bytes a PV line (a length and up to PV_MAX cells; ab_pv_line)
PV_TABLE        equ FRAMES+(42*FR_SIZE)
PV_ROOT         equ PV_TABLE+(PV_MAX*PV_STRIDE)
SEARCH_RAM_END  equ PV_ROOT+PV_STRIDE

sr_deep:
        sub 3
        add a,a
        ld e,a
        ld d,0
        ld hl,w_levels
        add hl,de
        ld a,(hl)
        ld (sr_depth),a
        inc hl
        ld a,(hl)
        ld (sr_endgame),a
        ld a,(sr_me)
        ld d,a
        ld a,(sr_opp)
        ld e,a
        call ev_deep_init       ; HL = S
        ld ix,FRAMES
        ld (ix+FR_S),l
        ld (ix+FR_S+1),h
        ld a,(sr_me)
        ld d,a
        ld (ix+FR_P),a
        ld a,(sr_opp)
        ld e,a
        ld (ix+FR_O),a
        call sr_disc_diff
        ld (ix+FR_DIFF),a
        call el_init            ; A = empty squares
        ld (ix+FR_EMPTY),a
        ld hl,sr_endgame
        cp (hl)
        jr z,sr_deep_exact
        jr c,sr_deep_exact
        call eg_depth_mode      ; A = the depth (0 counts as 1)
        ld a,(sr_depth)
        or a
        jr nz,sr_deep_depth
        inc a
        jr sr_deep_depth
sr_deep_exact:
        call eg_exact_mode      ; A = a depth the endgame never reaches
sr_deep_depth:
        ld (ix+FR_DEPTH),a
        call sr_pv_init
        ld iy,UNDO_STACK
        ld hl,1
        ld (ai_nodes),hl        ; the root is a node
        call ab_gen
        call sr_only_root       ; ai_only: that move alone
        or a
        ret z                   ; no legal move: a pass (sr_best_sq = 0)
        ld (ix+FR_I),0
        ld (sr_abort_sp),sp     ; "move now" comes back here (sr_abort)
sr_deep_move:
        call ab_pick            ; C = the next root move
        call ab_make
        ld a,(sr_best_sq)       ; the root window's lower end
        or a
        ld hl,B_NEG_INF
        jr z,sr_deep_window
        ld hl,(sr_best)
        ld a,(ix+FR_MOVE)
        ld b,a
        ld a,(sr_best_sq)
        cp b
        jr c,sr_deep_window     ; a later square: (best, +INF)
        dec hl                  ; an earlier one: (best - 1, +INF)
sr_deep_window:
        NEG_HL                  ; the child's window: (-INF, -alpha)
        ld (ix+FR_SIZE+FR_BETA),l
        ld (ix+FR_SIZE+FR_BETA+1),h
        ld (ix+FR_SIZE+FR_ALPHA),B_NEG_INF-(B_NEG_INF/256*256)
        ld (ix+FR_SIZE+FR_ALPHA+1),B_NEG_INF/256
        call ab_child
        NEG_HL                  ; the move's value
        push hl
        call ab_unmake
        pop hl
        ld a,(sr_best_sq)
        or a
        jr z,sr_deep_take       ; the first move
        ld de,(sr_best)
        ld a,e                  ; best < value: take it
        sub l
        ld a,d
        sbc a,h
        jr c,sr_deep_take
        ld a,l                  ; equal and on an earlier square: take it
        cp e
        jr nz,sr_deep_next
        ld a,h
        cp d
        jr nz,sr_deep_next
        ld a,(sr_best_sq)
        cp (ix+FR_MOVE)
        jr c,sr_deep_next
sr_deep_take:
        ld (sr_best),hl
        ld a,(ix+FR_MOVE)
        ld (sr_best_sq),a
        call ab_pv_set          ; its line at PV_ROOT
sr_deep_next:
        inc (ix+FR_I)
        ld a,(ix+FR_I)
        cp (ix+FR_N)
        jp c,sr_deep_move
sr_unbias:
        ld hl,(sr_best)         ; unbias the score
        ld a,h
        xor &80
        ld h,a
        ld (sr_best),hl
        ret

; sr_abort: "move now" (ai_abort set while the search runs; docs/architecture.md). The
; search is abandoned where it is: the stack goes back to the root loop's level and the
; answer is the best root move whose value is complete, or, before the first is, the root
; move being searched (the first in the root order) with the score 0 and that move alone as
; its PV. The board and the search tables are left as they are: every search sets them up
; afresh from ai_board.
sr_abort:
        ld sp,(sr_abort_sp)
        ld ix,FRAMES
        ld a,(sr_best_sq)
        or a
        jr nz,sr_unbias
        ld a,(ix+FR_MOVE)
        ld (sr_best_sq),a
        ld (PV_ROOT+1),a
        ld a,1
        ld (PV_ROOT),a
        ld hl,B_ZERO
        ld (sr_best),hl
        jr sr_unbias

; sr_pv_init: the PV lines for the root in FRAMES: line(e) = ab_pv_base + 32 * e puts the
; root's line at PV_ROOT and the lines of the positions below it (fewer empty squares) under
; it; a search writes at most PV_MAX of them below the root's. The root's line starts empty.
; Trashes AF, DE, HL.
sr_pv_init:
        ld a,(FRAMES+FR_EMPTY)
        ld l,a
        ld h,0
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl
        add hl,hl               ; * PV_STRIDE
        ex de,hl
        ld hl,PV_ROOT
        or a
        sbc hl,de
        ld (ab_pv_base),hl
        ld de,PV_STRIDE
        add hl,de
        ld (ab_pv_one),hl
        xor a
        ld (PV_ROOT),a
        ld hl,PV_ROOT
        ld (sr_pv),hl
        ret

; sr_only_root: when sr_only is set (a cell), the root list of frame IX keeps that move
; alone, or nothing when it is not legal. In: A = FR_N. Out: A = FR_N. Trashes F, BC, DE, HL.
sr_only_root:
        ld b,a
        ld a,(sr_only)
        or a
        ld c,a
        ld a,b
        ret z
        or a
        ret z                   ; no legal move at all
        push ix
        pop hl
        ld de,FR_LIST
        add hl,de
sr_only_root_scan:
        ld a,(hl)
        cp c
        jr z,sr_only_root_found
        inc hl
        inc hl
        djnz sr_only_root_scan
        xor a                   ; not a legal move
        ld (ix+FR_N),a
        ret
sr_only_root_found:
        ld (ix+FR_LIST),c
        ld (ix+FR_SORT),0
        ld a,1
        ld (ix+FR_N),a
        ret

; sr_only_list: when sr_only is set (a cell), the mb_gen_moves list at sr_root_moves (levels
; 1 and 2) keeps that move alone, or nothing when it is not legal. Trashes AF, C, HL.
sr_only_list:
        ld a,(sr_only)
        or a
        ret z
        ld c,a
        ld hl,sr_root_moves
sr_only_list_scan:
        ld a,(hl)
        or a
        jr z,sr_only_list_none
        cp c
        jr z,sr_only_list_found
        inc hl
        inc hl
        jr sr_only_list_scan
sr_only_list_found:
        inc hl
        ld a,(hl)               ; its flips
        ld (sr_root_moves+1),a
        ld a,c
        ld (sr_root_moves),a
        xor a
        ld (sr_root_moves+2),a
        ret
sr_only_list_none:
        xor a
        ld (sr_root_moves),a
        ret

; sr_disc_diff: A = discs of colour D minus discs of colour E on mb_board. Trashes F, BC, HL.
sr_disc_diff:
        ld h,mb_board/256
        ld l,MB_FIRST
        ld b,0
sr_disc_diff_cell:
        ld a,(hl)
        cp d
        jr nz,sr_disc_diff_theirs
        inc b
sr_disc_diff_theirs:
        cp e
        jr nz,sr_disc_diff_next
        dec b
sr_disc_diff_next:
        inc l
        ld a,l
        cp MB_END
        jr c,sr_disc_diff_cell
        ld a,b
        ret

; ---- Shared -----------------------------------------------------------------------------------

; sr_offer: the root move on cell C with score HL becomes the best if there is none yet or HL
; is strictly greater than sr_best. Keeps BC, HL, IX; trashes AF, DE.
sr_offer:
        ld a,(sr_best_sq)
        or a
        jr z,sr_offer_take
        ld de,(sr_best)
        call sr_greater
        ret nc
sr_offer_take:
        ld a,c
        ld (sr_best_sq),a
        ld (sr_best),hl
        ret

; sr_greater: carry set iff HL > DE as signed 16-bit numbers, for any values: both are moved
; to unsigned by flipping their sign bits (adding &8000), then compared unsigned.
; Keeps BC, DE, HL; trashes AF.
sr_greater:
        push hl
        push de
        ld a,h
        xor &80
        ld h,a
        ld a,d
        xor &80
        ld d,a
        ex de,hl
        or a
        sbc hl,de               ; DE' - HL': borrow iff DE' < HL'
        pop de
        pop hl
        ret

; sr_count_node: ai_nodes += 1 (32 bits). Trashes AF, HL.
sr_count_node:
        ld hl,(ai_nodes)
        inc hl
        ld (ai_nodes),hl
        ld a,h
        or l
        ret nz
        ld hl,(ai_nodes+2)
        inc hl
        ld (ai_nodes+2),hl
        ret

; ---- Data -------------------------------------------------------------------------------------

sr_me:          db 0            ; colour of the side to move at the root
sr_opp:         db 0            ; its opponent
sr_discs:       db 0            ; discs on the board at the root
sr_best_sq:     db 0            ; cell of the best root move so far, 0 = none
sr_best:        dw 0            ; its score
sr_mine:        dw 0            ; level 2: S1 of the root move being examined
sr_reply:       dw 0            ; level 2: best reply S1 so far
sr_score:       dw 0            ; level 2: S2 of the root move being examined
sr_root_ptr:    dw 0            ; the root move being examined, in sr_root_moves
sr_undo_top:    dw 0            ; the undo stack top after the root move
sr_root_moves:  ds 2*60+1       ; mb_gen_moves lists: root
sr_reply_moves: ds 2*60+1       ; and replies (ply 2)
sr_undo:        ds 19+2         ; undo stack: one entry per ply (levels 1 and 2 need one)
sr_depth:       db 0            ; levels 3+: the level's depth
sr_endgame:     db 0            ; and its exact-endgame threshold (empty squares)
sr_abort_sp:    dw 0            ; SP in the root loop, for sr_abort
sr_only:        db 0            ; a cell: value that root move alone (ai_only); 0 = all
sr_pv:          dw 0            ; the PV: a line (length, cells), PV_ROOT or sr_pv_small
sr_pv_small:    ds 3            ; levels 1 and 2: the PV line
sr_reply_cell:  db 0            ; level 2: the earliest best reply's cell, 0 = none
