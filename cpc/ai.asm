; ai.asm - the AI entry point (docs/ai.md), for the UI and the test harness.
;
; ---- Interface --------------------------------------------------------------------------------
;
; In:   ai_board   64 bytes, a1..h8, coded as game_board (SQ_EMPTY, SQ_BLACK, SQ_WHITE)
;       ai_side    the side to move: SQ_BLACK (1) or SQ_WHITE (2)
;       ai_level   1 = Nixon easy, 2 = Nixon hard, 3.. AI_MAX_LEVEL = the search levels of
;                  the weights file (docs/ai.md 4.3: depth-limited alpha-beta, exact endgame)
;       ai_only    AI_ALL (&FF, its value at load): choose the move, as above. A square 0..63:
;                  value that legal move alone, its per-move score of docs/ai.md section 10
;                  at ai_level (the level's own value, never the opening book). ai_entry
;                  sets it back to AI_ALL, so it holds for one call only.
;       ai_time    16-bit: the seconds of CPC time the side to move has left for the rest
;                  of the game (its chess clock, or what is left of the level's budget);
;                  0 = no limit. With a limit levels 3 and up search in stages and stop in
;                  time (docs/ai.md 4.4, budget.asm); the time is counted by the game's
;                  interrupt handler (startup.asm). ai_entry sets it back to 0: one call.
; Call: ai_entry
; Out:  ai_move    the move, 0..63; AI_PASS (&FF) when the side to move has no legal move
;                  (ai_score = 0 then); AI_BAD_INPUT (&FE) when ai_level or ai_side is not
;                  one of the values above, or ai_only is neither AI_ALL nor a legal move
;                  (nothing was searched). With ai_only a square: that square.
;       ai_score   16-bit signed, little endian: the reference engine's score
;                  (othello_engine::search::best_move) for the same position and level
;       ai_nodes   32-bit, little endian: moves scored at levels 1 and 2 (informational,
;                  docs/ai.md section 6)
;
;       ai_nodes   32-bit: positions visited at levels 3 and up (root and leaves included)
;       ai_pv_len  the principal variation (docs/ai.md 6.1): its length, 0..AI_PV_MAX (0 for a
;       ai_pv      pass or bad input), and its squares from ai_move on, passes left out.
;                  Level 1: the move; level 2: the move and the reply S2 expects (if any);
;                  the opening book: the move; levels 3 and up: the line the search found,
;                  down to the depth limit, or to the end of the game in the exact endgame.
;       ai_depth   the stage of the answer (docs/ai.md 4.4): 1..12 the depth-limited search
;                  of that depth, AI_STAGE_EXACT (&FF) the exact endgame, 0 no search stage
;                  (levels 1 and 2, the book, a pass, bad input), AI_STAGE_STOPPED (&FE)
;                  stopped before any stage was complete, AI_STAGE_WLD (&E0) + d the
;                  win/loss/draw check after the depth-d stage (docs/ai.md 4.6; ai_score 1
;                  a win, 0 a draw, -1 a loss).
;                  Without ai_time: the level's own.
;
; ai_board is only read. At levels 1 and 2 ai_entry needs 12 bytes of stack (its return
; address included), at levels 3 and up at most 256 (the search nests 4 bytes a ply, up to
; 10 in endgame.asm's eg_nws; its frames, tables and scratch variables are in free RAM outside the program, &0040-&06FF, &0900-&0EFF and FRAMES-&BDFF, and
; levels 1 and 2 keep their move lists at &0F00-&0FF1, see search.asm; the transposition table there keeps what it learnt from one call to the next),
; plus what the interrupt handler takes: it runs with interrupts on or off and never
; changes the interrupt state.
; It changes AF, BC, DE, HL and IX, never IY or the alternate registers (the deep search
; uses them and puts them back). It uses the mailbox of board.asm, so it must not run from
; an interrupt handler or while gen_legal or play_move run.

AI_PASS         equ &FF
AI_BAD_INPUT    equ &FE
AI_ALL          equ &FF             ; ai_only: every move (the normal search)
AI_MAX_LEVEL    equ 2+W_SEARCH_LEVELS  ; W_SEARCH_LEVELS: weights.inc

ai_entry:
        ld hl,(ai_time)         ; one call only
        ld (tm_time),hl
        ld hl,0
        ld (ai_time),hl
        ld (ai_score),hl
        ld (ai_nodes),hl
        ld (ai_nodes+2),hl
        ld (sr_best),hl
        xor a
        ld (sr_best_sq),a
        ld (ai_pv_len),a
        ld (ai_depth),a
        ld (ai_done_depth),a
        ld (sr_only),a
        ld a,AI_BAD_INPUT
        ld (ai_move),a
        ld a,(ai_only)          ; one call only
        ld c,a
        ld a,AI_ALL
        ld (ai_only),a
        ld a,c
        cp AI_ALL
        jr z,ai_entry_side
        cp 64
        ret nc                  ; neither AI_ALL nor a square
        ld e,a
        ld d,0
        ld hl,sq_to_mb
        add hl,de
        ld a,(hl)
        ld (sr_only),a          ; its cell
ai_entry_side:
        ld a,(ai_side)
        dec a
        cp 2
        ret nc                  ; ai_side is neither 1 nor 2
        inc a
        ld (sr_me),a
        xor 3
        ld (sr_opp),a
        ld hl,ai_board
        call mb_load
        call ev_init
        call ai_count_discs
        ld (sr_discs),a
        ld a,(ai_level)
        cp 1
        jr z,ai_entry_easy
        cp 2
        jr z,ai_entry_hard
        jr c,ai_entry_bad       ; level 0
        ld hl,w_level_count
        ld b,(hl)
        inc b
        inc b                   ; B = the highest level
        cp b
        jr z,ai_entry_deep
        ret nc                  ; not a level this program plays
ai_entry_deep:
        ld a,(sr_only)
        or a
        jr nz,ai_entry_search   ; one move's own value: no book
        call book_lookup        ; the opening book first (book.asm)
        jr nc,ai_entry_search
        ld a,(ai_move)          ; in the book: ai_move and ai_score are set, the PV is
        ld (ai_pv),a            ; the move alone
        ld a,1
        ld (ai_pv_len),a
        ret
ai_entry_search:
        call ai_deep
        jr ai_entry_result
ai_entry_bad:
        ret
ai_entry_hard:
        call sr_nixon_hard
        jr ai_entry_result
ai_entry_easy:
        call sr_nixon_easy
ai_entry_result:
        ld a,(sr_best_sq)
        or a
        jr z,ai_entry_pass
        ld h,mb_to_sq/256
        ld l,a
        set 7,l                 ; mb_to_sq is at cell + 128 of its page
        ld a,(hl)
        ld (ai_move),a
        ld hl,(sr_best)
        ld (ai_score),hl
        ld hl,(sr_pv)           ; the PV: its cells as squares
        ld a,(hl)
        ld (ai_pv_len),a
        or a
        ret z
        ld b,a
        ld de,ai_pv
ai_entry_pv:
        inc hl
        push hl
        ld l,(hl)
        ld h,mb_to_sq/256
        set 7,l
        ld a,(hl)
        ld (de),a
        inc de
        pop hl
        djnz ai_entry_pv
        ret
ai_entry_pass:
        ld a,(sr_only)
        or a
        ld a,AI_PASS
        jr z,ai_entry_pass_set
        ld a,AI_BAD_INPUT       ; the move asked for is not legal
ai_entry_pass_set:
        ld (ai_move),a
        ret

; ai_deep: levels 3 and up (sr_deep), keeping IY and the alternate registers, which the
; search uses, in memory (so the stack only holds the search's own nesting).
ai_deep:
        ld (ai_save_iy),iy
        ex af,af'
        push af
        pop hl
        ld (ai_save_af),hl
        ex af,af'
        exx
        ld (ai_save_bc),bc
        ld (ai_save_de),de
        ld (ai_save_hl),hl
        exx
        ld a,(ai_level)
        call sr_deep
        exx
        ld bc,(ai_save_bc)
        ld de,(ai_save_de)
        ld hl,(ai_save_hl)
        exx
        ld hl,(ai_save_af)
        push hl
        ex af,af'
        pop af
        ex af,af'
        ld iy,(ai_save_iy)
        ret

AI_LOW          equ TM_LOW_END  ; scratch, outside the program (search.asm's memory map):
ai_save_iy      equ AI_LOW      ; the registers ai_entry keeps, a word each
ai_save_af      equ AI_LOW+2
ai_save_bc      equ AI_LOW+4
ai_save_de      equ AI_LOW+6
ai_save_hl      equ AI_LOW+8
AI_LOW_END      equ AI_LOW+10

; ai_count_discs: A = discs on ai_board. Trashes F, BC, HL.
ai_count_discs:
        ld hl,ai_board
        ld bc,64*256            ; B = squares, C = discs
ai_count_discs_loop:
        ld a,(hl)
        or a
        jr z,ai_count_discs_next
        inc c
ai_count_discs_next:
        inc hl
        djnz ai_count_discs_loop
        ld a,c
        ret

ai_board:       ds 64
ai_side:        db SQ_BLACK
ai_level:       db 1
ai_move:        db AI_PASS
ai_score:       dw 0
ai_nodes:       dw 0,0
ai_only:        db AI_ALL
ai_time:        dw 0                ; seconds the side has left, 0 = no limit (one call)
ai_depth:       db 0                ; the stage of the answer (0: no search stage)
ai_done_depth:  db 0                ; the last depth-limited stage complete (search.asm)
ai_pv_len:      db 0                ; followed by ai_pv: the hint copies both at once
ai_pv:          ds AI_PV_MAX
