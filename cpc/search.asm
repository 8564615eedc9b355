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
        call eg_count
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
        call eg_count
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
        call eg_count
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
        call eg_count
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
; RAM used by the deep searches outside the program (not part of OTHELLO.BIN, set up by
; each search; tt.asm's table and key pages by the first one):
;
;   &0040-&00CA  LOW_VARS    scratch variables of ev_*, sr_*, ab_*, tm_*, ai_* and bk_*, each
;                            written before it is read in every call of ai_entry (main.asm)
;   &0100-&01FF  EL_LIST     the empty cells, a doubly linked list (moves.asm)
;   &0200-&02FF  NB_TABLE    the mask of the neighbours holding a disc, per cell (moves.asm)
;   &0300-&03FF  LT_HI       the high bytes of 3^k and 2 * 3^k at their low bytes
;                            (linetab.asm li_init)
;   &0400-&04FF  SCRATCH     ab_values, MOB_MEMO and AB_KILLERS (alphabeta.asm), the parity
;                            and quarters of endgame.asm, eg_two's and eg_three's variables
;                            (last_moves.asm, from SCRATCH + 224)
;   &0500-&06FF  UNDO_STACK  flipped cells, their count and the cell of every move on the
;                            path (moves.asm sm_make; eg_nws keeps the count and cell on
;                            the stack instead): at most 20 moves (a move fills one of at
;                            most 20 empty squares, or is one of a depth-limited stage's 12
;                            plies and a leaf's move) of at most 21 bytes
;   &0700-&088F  line_table  the screen's line addresses (screen.asm), not the search's
;   &0900-&0EFF  ZOB_PAGES   the position keys, byte k in page k (tt.asm)
;   &0F00-&0FF1  SR_LISTS    levels 1 and 2 (not a deep search): the root's and the
;                            replies' move lists (sr_root_moves, sr_reply_moves); a deep
;                            search: its root list in its keys' order (SR_KEYED_LIST)
;   FRAMES (about &9942: FRAME_COUNT frames and the PV table below TT_BASE)
;                FRAMES      one FR_SIZE frame per node of the path (alphabeta.asm): at
;                            most 38, in a solve from 20 empty squares (the root, a move
;                            down to 1 empty square, eg_last's, and a pass down to 2);
;                            a depth-limited stage, at most 12 moves and their passes
;                PV_TABLE    the principal variation: 21 lines of PV_STRIDE bytes, the
;                            root's at PV_ROOT (alphabeta.asm ab_pv_set)
;   &AC00-&BDFF  TT_BASE     the transposition table (tt.asm); on a 6128 only its key byte 1
;                            (TTB_CHK4, &AC00-&AFFF), the rest in block 7 of the second
;                            64 KB, shown at &C000 while an entry is read or written
;   &BE00-&BFFF              the stack (STACK_TOP = &C000): the search nests 4 bytes a ply,
;                            up to 10 in eg_nws (112 in all from 14 empty squares)
;
; The program itself starts at &1000 (main.asm) and must end at or below FRAMES (an
; assembly-time check in main.asm). It holds the line tables (linetab.inc, about 10 KB), and
; the file carries the table's random keys and boot.asm past its end, in the frames' room
; (main.asm).
;
; sr_deep: A = the level (3..); the position is on mb_board, sr_me / sr_opp set, ev_init done.
; Sets sr_best_sq (0 = no move), sr_best, sr_pv like the levels 1 and 2, and ai_depth (the
; stage the answer comes from).
;
; Without a time limit (ai_time = 0) it searches the level's own stage: the depth-limited
; search of its depth, or the exact endgame where the root has at most `endgame` empty squares.
; With a time limit it searches in stages (docs/ai.md 4.4), deepening two plies at a time: the
; depth-limited searches of depth 2, 4, ... (1, 3, ... for an odd depth) up to the level's
; depth, or, before the exact endgame, up to depth PRE_EXACT_DEPTH (then the exact endgame),
; before the win/loss/draw check up to PRE_WLD_DEPTH, before move 18 up to OPENING_DEPTH, and
; with at most the level's `deepen` empty squares (otherwise) up to two plies past the level's
; depth (at most MAX_STAGE_DEPTH). Each stage is the root loop of docs/ai.md section 5 with the
; root moves ordered: a move on a square before the current best is searched with the window
; (best - 1, +INF) and replaces it on a value >= best; a later one with (best, +INF), replacing
; it only on a greater value (each tried with a null window first, and searched again from its
; value - 1 if it comes back above it). So a stage's answer is the earliest square of maximal
; value whatever the order and the pruning: the answer of the reference's search of that stage
; (othello_engine::search::search_stage). Each depth-limited stage starts with the best move of
; the one before, the exact endgame with the keys' order (sr_mtd, mtd.asm). The answer of the
; last complete stage is kept (sr_keep), with its PV (docs/ai.md 6.1): the search answers with
; it when the stages are done, when the time manager (budget.asm) says there is no time for
; another, and when it is stopped (ai_abort: "move now", a falling flag, the time manager's
; hard limit; sr_abort). Stopped before any stage is complete, it answers with the best root
; move whose value is complete (in sr_mtd's probes the running probe's best, whose value may be
; a bound), or the first root move (ai_depth = AI_STAGE_STOPPED). The search polls ai_abort at
; every node and leaf.
;
; With sr_only set (a cell, ai.asm ai_only) the root searches that move alone, in the final
; stage (the full window, or the probes of the exact endgame, which end at the exact value):
; its exact value is the per-move score of docs/ai.md 10.

EL_LIST         equ &0100
NB_TABLE        equ &0200
SCRATCH         equ &0400       ; variables that need no room in the program file
SR_LISTS        equ &0F00
sr_root_moves   equ SR_LISTS            ; mb_gen_moves lists: root (2 * 60 + 1 bytes)
sr_reply_moves  equ SR_LISTS+(2*60)+1     ; and replies (ply 2)
SR_KEYED_LIST   equ SR_LISTS            ; a deep search: its root list in its keys' order
                                        ; (sr_root_sort, sr_root_keyed)
UNDO_STACK      equ &0500
SEARCH_RAM_LOW  equ EL_LIST         ; the low block: EL_LIST .. the key pages
SEARCH_RAM_LOW_END equ ZOB_PAGES+&0600
SEARCH_RAM      equ FRAMES          ; the high block: the frames .. the table
FRAME_COUNT     equ 38              ; frames: at most 38 (the memory map above)
FRAMES          equ TT_BASE-(FRAME_COUNT*FR_SIZE)-((PV_MAX+1)*PV_STRIDE)
PV_STRIDE       equ 24          ; bytes a PV line (a length and up to PV_MAX cells; ab_pv_line
                                ; multiplies by 24: 8 + 16)
PV_TABLE        equ FRAMES+(FRAME_COUNT*FR_SIZE)
PV_ROOT         equ PV_TABLE+(PV_MAX*PV_STRIDE)
SEARCH_RAM_END  equ TT_END
PRE_EXACT_DEPTH equ 4           ; the depth-limited stages before the exact endgame go this far
PRE_WLD_DEPTH   equ 8           ; and before the win/loss/draw check
OPENING_DEPTH   equ 7           ; and, timed, before move 18 (ODIN's 7 plies until move 18)
OPENING_EMPTIES equ 44          ; before move 18: at least this many empty squares (move n
                                ; of a game without passes has 61 - n)
MAX_STAGE_DEPTH equ 12          ; the deepest stage of any search (PV_MAX, main.asm)
AI_STAGE_EXACT  equ &FF         ; ai_depth: the exact endgame
AI_STAGE_STOPPED equ &FE        ; ai_depth: stopped before any stage was complete
AI_STAGE_WLD    equ &E0         ; ai_depth: + d, the win/loss/draw check after depth d

sr_deep:
        push af
        ld a,(tt_ready)         ; the first deep search sets up the transposition table
        or a                    ; (tt.asm; levels 1 and 2 keep to their 12 bytes of stack)
        call z,tt_init
        pop af
        sub 3                   ; the level's row of w_levels: depth, endgame, budget, margin
        ld e,a
        ld d,0
        ld hl,w_level_wld       ; and its win/loss/draw threshold
        add hl,de
        ld c,(hl)
        ld hl,sr_wld_from
        ld (hl),c
        ld hl,w_level_deepen    ; and its late deepening threshold
        add hl,de
        ld c,(hl)
        ld hl,sr_deepen_from
        ld (hl),c
        add a,a
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
        inc hl
        inc hl
        ld a,(hl)
        ld (ab_select),a
        ld hl,tt_select         ; the table's values hold for one margin
        cp (hl)
        jr z,sr_deep_table_ok
        ld (hl),a
        call tt_clear
sr_deep_table_ok:
        ld a,(sr_me)
        ld d,a
        ld a,(sr_opp)
        ld e,a
        ld hl,B_NEG_INF         ; the stages' root window: (-INF, +INF) (sr_mtd's probes
        ld (sr_root_a0),hl      ; narrow it)
        ld (sr_root_nb0),hl
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
        ld a,1                  ; sm_make keeps the masks (a stopped search may have left
        ld (sm_masks),a         ; a leaf's 0, moves.asm)
        call li_init            ; the line pointers (linetab.asm)
        ld hl,0                 ; no killers yet at 1 to 4 plies left, the ones ab_lazy
        ld (AB_KILLERS+1),hl    ; reads
        ld (AB_KILLERS+3),hl
        ld (MOB_MEMO+1),hl      ; and no square for mob_any to try first
        call eg_regions         ; the quarters of the exact endgame's order (endgame.asm)
        call eg_depth_mode      ; not the last search's mode: the root's keys make moves
                                ; (sm_make_x keeps the masks only outside the exact endgame)
        call tt_root_hash
        ld a,(sr_depth)         ; the plan: depth-limited stages up to sr_last_depth, then
        ld (sr_last_depth),a    ; the exact endgame if sr_exact
        xor a
        ld (sr_exact),a
        ld a,(FRAMES+FR_EMPTY)
        ld hl,sr_endgame
        cp (hl)
        jr z,sr_deep_plan_exact
        jr nc,sr_deep_plan_done
sr_deep_plan_exact:
        ld a,1
        ld (sr_exact),a
        ld a,(sr_depth)
        cp PRE_EXACT_DEPTH+1
        jr c,sr_deep_plan_done
        ld a,PRE_EXACT_DEPTH
        ld (sr_last_depth),a
sr_deep_plan_done:
        call tm_start           ; the time manager, when ai_time is set (budget.asm)
        xor a                   ; a timed search with at most `wld` empty squares ends
        ld (sr_wld),a           ; its depth-limited stages with the win/loss/draw check,
        ld a,(ai_timing)        ; and they go no deeper than PRE_WLD_DEPTH outside the
        or a                    ; exact endgame's
        jr z,sr_deep_wld_done
        ld a,(sr_wld_from)
        ld hl,FRAMES+FR_EMPTY
        cp (hl)
        jr c,sr_deep_wld_done
        ld a,1
        ld (sr_wld),a
        ld a,(sr_last_depth)
        cp PRE_WLD_DEPTH+1
        jr c,sr_deep_wld_done
        ld a,PRE_WLD_DEPTH
        ld (sr_last_depth),a
sr_deep_wld_done:
        ld a,(ai_timing)        ; a timed search before move 18 goes no deeper than
        or a                    ; OPENING_DEPTH: the time it saves goes to the moves after
        jr z,sr_deep_opening_done ; move 18, where the selective depth 9 costs the most
        ld a,(FRAMES+FR_EMPTY)
        cp OPENING_EMPTIES
        jr c,sr_deep_opening_done
        ld a,(sr_last_depth)
        cp OPENING_DEPTH+1
        jr c,sr_deep_opening_done
        ld a,OPENING_DEPTH
        ld (sr_last_depth),a
sr_deep_opening_done:
        ld a,(sr_deepen_from)   ; a timed search with at most the level's `deepen` empty
        ld hl,FRAMES+FR_EMPTY   ; squares may go two plies past its depth, where the time
        cp (hl)                 ; left allows (tm_more): the moves after it cost little, and
        jr c,sr_deep_late_done  ; the last middle-game moves decide most of the games lost
        ld a,(ai_timing)
        or a
        jr z,sr_deep_late_done
        ld a,(sr_depth)         ; not capped above: neither the exact endgame nor the check
        ld hl,sr_last_depth
        cp (hl)
        jr nz,sr_deep_late_done
        cp MAX_STAGE_DEPTH-1    ; and no deeper than a level may be (weights.toml: 12)
        jr nc,sr_deep_late_done
        add a,2
        ld (hl),a
sr_deep_late_done:
        ld ix,FRAMES
        ld a,(sr_last_depth)    ; the root list is ordered as at a node of that depth
        ld (ix+FR_DEPTH),a
        call sr_pv_init
        ld iy,UNDO_STACK
        ld hl,1
        ld (ai_nodes),hl        ; the root is a node
        ld (ix+FR_HMOVE),0      ; no table move: the root's keys are made at once
        ld a,1                  ; the root's list is keyed by replies, without shallow
        ld (ab_replies),a       ; values (its moves are never reduced, and no leaf may stop
        call ab_gen             ; it before sr_abort_sp is set)
        ld hl,ab_replies
        ld (hl),0
        call sr_only_root       ; ai_only: that move alone
        or a
        jp z,tm_stop            ; no legal move: a pass (sr_best_sq = 0)
        call sr_root_sort
        xor a
        ld (sr_done_sq),a
        ld a,AI_STAGE_STOPPED
        ld (sr_done_stage),a
        ld (sr_abort_sp),sp     ; "move now" and the time limit come back here (sr_abort)
        ld a,(ai_timing)        ; no time limit: the final stage alone
        or a
        jr nz,sr_deep_first
        ld a,(sr_exact)
        or a
        jr nz,sr_deep_exact
        ld a,(sr_depth)
        call sr_depth_stage
        jr sr_deep_finish
sr_deep_first:
        ld a,(sr_last_depth)    ; the first stage: depth 2, or 1 if the last one is odd
        and 1
        xor 1
        inc a
sr_deep_stage:
        ld (sr_stage),a
        call sr_depth_stage
        call sr_stage_shown
        ld a,(sr_stage)
        ld hl,sr_last_depth
        cp (hl)
        jr nc,sr_deep_depths_done
        ld a,(sr_exact)         ; before the exact endgame or the win/loss/draw check
        ld hl,sr_wld            ; the stages are short: no check
        or (hl)
        jr nz,sr_deep_deeper
        call tm_more
        jr nc,sr_deep_finish    ; no time for the next stage
sr_deep_deeper:
        ld a,(sr_done_sq)
        call sr_root_first
        ld a,(sr_stage)
        add a,2
        jr sr_deep_stage
sr_deep_depths_done:
        ld a,(sr_wld)
        or a
        call nz,sr_wld_stage
        ld a,(sr_exact)
        or a
        jr z,sr_deep_finish
sr_deep_exact:
        call sr_root_keyed      ; the root list in its keys' order again: the stages before
                                ; put their best move first, which orders the exact endgame
                                ; worse than the fastest-first keys
        call eg_exact_mode      ; A = a depth the endgame never reaches
        ld (FRAMES+FR_DEPTH),a
        call sr_mtd
        ld a,AI_STAGE_EXACT
        call sr_keep
sr_deep_finish:
        call tm_stop
        ld a,(sr_done_sq)
        or a
        jr nz,sr_deep_answer
        ld a,AI_STAGE_STOPPED   ; stopped before any stage was complete: the best root move
        call sr_keep            ; whose value is complete, with its PV,
        ld a,(sr_done_sq)
        or a
        jr nz,sr_deep_answer
        ld a,(FRAMES+FR_LIST)   ; or, before the first, the first root move, score 0
        ld (sr_done_sq),a
        ld (sr_done_pv+1),a
        ld a,1
        ld (sr_done_pv),a
        ld hl,B_ZERO
        ld (sr_done_score),hl
sr_deep_answer:
        ld a,(sr_done_sq)
        ld (sr_best_sq),a
        ld hl,(sr_done_score)   ; unbias the score
        ld a,h
        xor &80
        ld h,a
        ld (sr_best),hl
        ld hl,sr_done_pv
        ld (sr_pv),hl
        ld a,(sr_done_stage)
        ld (ai_depth),a
        ret

; sr_stage_shown: a stage of the timed search is complete: ai_done_depth = its depth, and
; the game's own call (ai_busy) shows it in the panel while it thinks on (panel.asm
; panel_show_stage). Trashes everything but IY.
sr_stage_shown:
        ld a,(sr_stage)
        ld (ai_done_depth),a
        ld a,(ai_busy)
        or a
        ret z
        jp panel_show_stage

; sr_abort: ai_abort was set while the search ran. The search is abandoned where it is:
; the stack goes back to sr_deep's level and the answer is the last complete stage's
; (sr_deep_finish). The board and the search tables are left as they are: every search
; sets them up afresh from ai_board.
sr_abort:
        ld sp,(sr_abort_sp)
        jr sr_deep_finish

; sr_depth_stage: A = a depth: the depth-limited stage of that depth; its answer kept.
; Trashes everything but IY (back where it was).
sr_depth_stage:
        push af
        call eg_depth_mode
        pop af
        ld (FRAMES+FR_DEPTH),a
        call sr_root_stage
        ld a,(FRAMES+FR_DEPTH)
        ; then sr_keep

; sr_keep: A = the stage: the root loop's answer (sr_best_sq, sr_best, the PV at PV_ROOT)
; is the last complete one. Trashes F, BC, DE, HL.
sr_keep:
        ld (sr_done_stage),a
        ld a,(sr_best_sq)
        ld (sr_done_sq),a
        ld hl,(sr_best)
        ld (sr_done_score),hl
        ld hl,PV_ROOT
        ld de,sr_done_pv
        ld bc,PV_MAX+1
        ldir
        ret

; sr_root_stage: the root loop of one stage (FR_DEPTH and the mode set), over the root
; list in its order, within the root window (sr_root_a0, -sr_root_nb0): (-INF, +INF) but in
; sr_mtd's probes. Out: sr_best_sq, sr_best (biased), the PV at PV_ROOT. Every move after
; the first is tried with a null window first (PVS), then, above it, searched again from its
; value - 1; none below the window's alpha. A move worth at least its beta ends the loop
; (the probe fails high).
sr_root_stage:
        ld ix,FRAMES
        xor a
        ld (sr_best_sq),a
        ld (PV_ROOT),a
        ld (ix+FR_I),a
sr_root_move:
        call ab_pick            ; C = the next root move
        call ab_make
        ld a,(sr_best_sq)       ; the root window's lower end
        or a
        ld hl,(sr_root_a0)
        jr z,sr_root_full
        ld hl,(sr_best)
        ld a,(ix+FR_MOVE)
        ld b,a
        ld a,(sr_best_sq)
        cp b
        jr c,sr_root_window     ; a later square: (best, +INF)
        dec hl                  ; an earlier one: (best - 1, +INF)
sr_root_window:
        ld de,(sr_root_a0)      ; and at least the stage's alpha
        or a
        sbc hl,de
        add hl,de
        jr nc,sr_root_low_set
        ex de,hl
sr_root_low_set:
        ld (sr_root_low),hl     ; first (low, low + 1)
        NEG_HL
        ld (ix+FR_SIZE+FR_BETA),l
        ld (ix+FR_SIZE+FR_BETA+1),h
        dec hl
        ld (ix+FR_SIZE+FR_ALPHA),l
        ld (ix+FR_SIZE+FR_ALPHA+1),h
        call ab_child
        NEG_HL
        ld de,(sr_root_low)     ; <= low: not taken, the bound is enough
        ld a,e
        sub l
        ld a,d
        sbc a,h
        jr nc,sr_root_value
        push hl                 ; at least beta: a cut-off (carry: value - beta >= 0)
        ld de,(sr_root_nb0)
        add hl,de
        pop hl
        jr c,sr_root_value
        dec hl                  ; above it: its exact value, with (value - 1, +INF)
sr_root_full:
        NEG_HL                  ; the child's window: (-beta, -low)
        ld (ix+FR_SIZE+FR_BETA),l
        ld (ix+FR_SIZE+FR_BETA+1),h
        ld hl,(sr_root_nb0)
        ld (ix+FR_SIZE+FR_ALPHA),l
        ld (ix+FR_SIZE+FR_ALPHA+1),h
        call ab_child
        NEG_HL                  ; the move's value
sr_root_value:
        push hl
        call ab_unmake
        pop hl
        ld a,(sr_best_sq)
        or a
        jr z,sr_root_take       ; the first move
        ld de,(sr_best)
        ld a,e                  ; best < value: take it
        sub l
        ld a,d
        sbc a,h
        jr c,sr_root_take
        ld a,l                  ; equal and on an earlier square: take it
        cp e
        jr nz,sr_root_next
        ld a,h
        cp d
        jr nz,sr_root_next
        ld a,(sr_best_sq)
        cp (ix+FR_MOVE)
        jr c,sr_root_next
sr_root_take:
        ld (sr_best),hl
        ld a,(ix+FR_MOVE)
        ld (sr_best_sq),a
        push hl
        call ab_pv_set          ; its line at PV_ROOT (from a stale child line when the value
        pop hl                  ; is a bound: sr_mtd's probes; sr_pv_init bounds every line)
        ld de,(sr_root_nb0)     ; at least beta: the stage fails high (sr_mtd's probes)
        add hl,de
        ret c
sr_root_next:
        inc (ix+FR_I)
        ld a,(ix+FR_I)
        cp (ix+FR_N)
        jp c,sr_root_move
        ret

; sr_wld_stage: the win/loss/draw check of docs/ai.md 4.6, after the depth-limited stages
; of a timed search with at most `wld` empty squares. The last complete stage's move m is
; solved with the window (-1, 1), which gives the sign of its exact value: its class, 1 a
; win, 0 a draw, -1 a loss. Unless m wins, every other root move, in the list's order, is
; solved with the window (k - 1, 1), k being the class it needs to be taken: the best's + 1
; while the best is m; once another move is the best, its class on an earlier square and its
; class + 1 on a later one (k = 2: not searched). So the answer is m if no move has a better
; class, else the lowest-indexed move of the best class: the reference's solve_wld. It is
; kept as stage AI_STAGE_WLD + the depth of m's stage, with the class as its score and the
; move alone as its PV. Trashes everything but IY.
sr_wld_stage:
        ld a,(sr_done_sq)
        or a
        ret z                   ; no complete stage
        ld (sr_wld_sq),a
        call sr_root_first
        call eg_exact_mode
        ld (FRAMES+FR_DEPTH),a
        ld ix,FRAMES
        xor a
        ld (ix+FR_I),a
        ld (sr_wld_taken),a
        call ab_pick            ; C = m
        xor a                   ; k = 0: the window (-1, 1)
        call sr_wld_try
        ld (sr_wld_class),a
        dec a
        jr z,sr_wld_done        ; m wins
sr_wld_next:
        inc (ix+FR_I)
        ld a,(ix+FR_I)
        cp (ix+FR_N)
        jr nc,sr_wld_done
        call ab_pick            ; C = the next root move
        ld a,(sr_wld_class)
        ld b,a
        ld a,(sr_wld_taken)
        or a
        jr z,sr_wld_above       ; the best is m: k = its class + 1
        ld a,(sr_wld_sq)
        cp c
        jr nc,sr_wld_k          ; an earlier square than the best: k = its class
sr_wld_above:
        inc b
sr_wld_k:
        ld a,b
        cp 2
        jr z,sr_wld_next        ; k = 2: no class is better
        push bc
        call sr_wld_try         ; A = the class reached
        pop bc
        cp b
        jp m,sr_wld_next        ; below k: not taken
        ld (sr_wld_class),a
        ld a,(ix+FR_MOVE)
        ld (sr_wld_sq),a
        ld a,1
        ld (sr_wld_taken),a
        jr sr_wld_next
sr_wld_done:
        ld a,(sr_wld_sq)
        ld (sr_best_sq),a
        ld (PV_ROOT+1),a
        ld a,1
        ld (PV_ROOT),a
        ld a,(sr_wld_class)
        ld l,a
        ld h,&80                ; the class, biased
        cp &FF
        jr nz,sr_wld_biased
        dec h                   ; -1
sr_wld_biased:
        ld (sr_best),hl
        ld a,(sr_done_stage)    ; m's stage: a depth
        add a,AI_STAGE_WLD
        jp sr_keep

; sr_wld_try: A = k (-1..1), C = a root move (ab_pick): the move solved with the window
; (k - 1, 1), so that its class comes out right when it is at least k. Out: A = the class
; (1 when the value is at least 1, 0 when at least 0, else -1). Trashes everything but IX, IY.
sr_wld_try:
        push af
        call ab_make
        pop af
        neg                     ; the child's window: (-1, 1 - k)
        add a,1
        ld (ix+FR_SIZE+FR_BETA),a
        ld (ix+FR_SIZE+FR_BETA+1),&80
        ld (ix+FR_SIZE+FR_ALPHA),&FF
        ld (ix+FR_SIZE+FR_ALPHA+1),&7F
        call ab_child
        NEG_HL                  ; the move's value (biased)
        push hl
        call ab_unmake
        pop hl
        ld a,h
        sub &80
        jr c,sr_wld_try_loss    ; below 0
        jr nz,sr_wld_try_win    ; at least 256
        or l
        ret z                   ; 0
sr_wld_try_win:
        ld a,1
        ret
sr_wld_try_loss:
        ld a,-1
        ret

; sr_root_sort: the root list in its search order (ab_pick's order, the lowest key first,
; ties in the list's order), so that the stages can reorder it, and a copy of it for
; sr_root_keyed. The root has no table move first (tt_first is not called for it), so its
; FR_HFIRST is cleared here rather than left to what the RAM held. Trashes AF, BC, DE, HL.
sr_root_sort:
        ld ix,FRAMES
        ld (ix+FR_HFIRST),0
        ld a,(ix+FR_SORT)
        or a
        jr z,sr_root_sort_keep
        ld (ix+FR_I),0
sr_root_sort_next:
        call ab_pick
        inc (ix+FR_I)
        ld a,(ix+FR_I)
        cp (ix+FR_N)
        jr c,sr_root_sort_next
        ld (ix+FR_SORT),0
sr_root_sort_keep:
        ld hl,FRAMES+FR_LIST
        ld de,SR_KEYED_LIST
        jr sr_root_copy

; sr_root_keyed: the root list in sr_root_sort's order again, for the exact endgame after the
; stages, which moved each one's best move to the front: the fastest-first keys' order with
; ties in the list's order, as without stages (sorting again would leave ties in an order
; that depends on the moves the stages chose: FFO #3 took 10 % more nodes that way). Trashes
; BC, DE, HL.
sr_root_keyed:
        ld hl,SR_KEYED_LIST
        ld de,FRAMES+FR_LIST
sr_root_copy:
        ld bc,2*FR_MAX_MOVES
        ldir
        ret

; sr_root_first: A = a root move's cell: moved to the front of the root list, the others
; keeping their order. Trashes AF, BC, DE, HL.
sr_root_first:
        ld c,a
        ld hl,FRAMES+FR_LIST
        ld a,(FRAMES+FR_N)
        ld b,a
sr_root_first_find:
        ld a,(hl)
        cp c
        jr z,sr_root_first_found
        inc hl
        inc hl
        djnz sr_root_first_find
        ret
sr_root_first_found:
        push bc
        push hl
        ld de,FRAMES+FR_LIST
        or a
        sbc hl,de
        ld b,h
        ld c,l                  ; BC = the bytes before it
        pop hl
        ld a,b
        or c
        jr z,sr_root_first_done
        ld d,h
        ld e,l
        inc de                  ; DE -> its key byte: the last byte moved up lands there
        dec hl
        lddr
sr_root_first_done:
        pop bc
        ld a,c
        ld (FRAMES+FR_LIST),a
        ret

; sr_pv_init: the PV lines for the root in FRAMES: line(e) = ab_pv_base + 24 * e puts the
; root's line at PV_ROOT and the lines of the positions below it (fewer empty squares) under
; it; a search writes at most PV_MAX of them below the root's. Every line starts empty: a
; probe of sr_mtd may take a root move whose child wrote no line, and its copy (ab_pv_set)
; must stay within the line. Trashes AF, B, DE, HL.
sr_pv_init:
        ld a,(FRAMES+FR_EMPTY)
        ld l,a
        ld h,0
        add hl,hl
        add hl,hl
        add hl,hl
        ld e,l
        ld d,h
        add hl,hl
        add hl,de               ; * PV_STRIDE
        ex de,hl
        ld hl,PV_ROOT
        or a
        sbc hl,de
        ld (ab_pv_base),hl
        ld de,PV_STRIDE
        add hl,de
        ld (ab_pv_one),hl
        ld hl,PV_TABLE
        ld b,PV_MAX+1
sr_pv_init_empty:
        ld (hl),0
        add hl,de
        djnz sr_pv_init_empty
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

; ---- Data -------------------------------------------------------------------------------------

sr_me:          db 0            ; colour of the side to move at the root
sr_opp:         db 0            ; its opponent
sr_discs:       db 0            ; discs on the board at the root
sr_best_sq:     db 0            ; cell of the best root move so far, 0 = none
sr_best:        dw 0            ; its score
sr_depth:       db 0            ; levels 3+: the level's depth
sr_endgame:     db 0            ; and its exact-endgame threshold (empty squares)
sr_exact:       db 0            ; levels 3+: 1 when the exact endgame is the last stage
sr_last_depth:  db 0            ; the last depth-limited stage
sr_stage:       db 0            ; the depth-limited stage running
sr_wld_from:    db 0            ; the level's win/loss/draw threshold (empty squares, 0 = none)
sr_wld:         db 0            ; 1 when this search ends its depth-limited stages with the check
sr_only:        db 0            ; a cell: value that root move alone (ai_only); 0 = all
sr_pv:          dw 0            ; the PV: a line (length, cells), PV_ROOT or sr_pv_small

SR_LOW          equ EV_LOW_END  ; scratch, outside the program (the memory map above):
sr_mine         equ SR_LOW      ; word: level 2: S1 of the root move being examined
sr_reply        equ SR_LOW+2    ; word: level 2: best reply S1 so far
sr_score        equ SR_LOW+4    ; word: level 2: S2 of the root move being examined
sr_root_ptr     equ SR_LOW+6    ; word: the root move being examined, in sr_root_moves
sr_undo_top     equ SR_LOW+8    ; word: the undo stack top after the root move
sr_abort_sp     equ SR_LOW+10   ; word: SP in sr_deep, for sr_abort
sr_root_low     equ SR_LOW+12   ; word: the root's null window: its lower end (biased)
sr_done_score   equ SR_LOW+14   ; word: the last complete stage's score (biased), when
sr_done_sq      equ SR_LOW+16   ; its move (a cell, 0 = none yet; each search sets it) is
sr_done_stage   equ SR_LOW+17   ; not 0; the stage (ai_depth)
sr_reply_cell   equ SR_LOW+18   ; level 2: the earliest best reply's cell, 0 = none
sr_pv_small     equ SR_LOW+19   ; 3 bytes: levels 1 and 2: the PV line
sr_done_pv      equ SR_LOW+22   ; PV_MAX + 1 bytes: the last complete stage's PV (a line:
                                ; the length, then the cells)
sr_undo         equ SR_LOW+23+PV_MAX  ; 19 + 2 bytes: levels 1 and 2's undo stack (one ply)
sr_deepen_from  equ sr_undo+19+2      ; the level's late deepening threshold (empty squares,
                                      ; 0 = never; sr_deep sets it)
sr_root_a0      equ sr_deepen_from+1  ; word: the stage's root window (biased): (-INF, +INF)
sr_root_nb0     equ sr_deepen_from+3  ; but in sr_mtd's probes; nb0 = -beta
sr_wld_taken    equ sr_deepen_from+5  ; sr_wld_stage: 1 once a move better than m is the best,
sr_wld_sq       equ sr_deepen_from+6  ; the best move (m at first),
sr_wld_class    equ sr_deepen_from+7  ; and the best's class (-1, 0, 1)
sr_mtd_probes   equ sr_deepen_from+8  ; sr_mtd: the probes it ran (0: one full-window search)
SR_LOW_END      equ sr_deepen_from+9
