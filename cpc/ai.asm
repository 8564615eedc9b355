; ai.asm - the AI entry point (docs/ai.md), for the UI and the test harness.
;
; ---- Interface --------------------------------------------------------------------------------
;
; In:   ai_board   64 bytes, a1..h8, coded as game_board (SQ_EMPTY, SQ_BLACK, SQ_WHITE)
;       ai_side    the side to move: SQ_BLACK (1) or SQ_WHITE (2)
;       ai_level   1 = Nixon easy, 2 = Nixon hard, 3.. AI_MAX_LEVEL = the search levels of
;                  the weights file (docs/ai.md 4.3: depth-limited alpha-beta, exact endgame)
; Call: ai_entry
; Out:  ai_move    the move, 0..63; AI_PASS (&FF) when the side to move has no legal move
;                  (ai_score = 0 then); AI_BAD_INPUT (&FE) when ai_level or ai_side is not
;                  one of the values above (nothing was searched)
;       ai_score   16-bit signed, little endian: the reference engine's score
;                  (othello_engine::search::best_move) for the same position and level
;       ai_nodes   32-bit, little endian: moves scored at levels 1 and 2 (informational,
;                  docs/ai.md section 6)
;
;       ai_nodes   32-bit: positions visited at levels 3 and up (root and leaves included)
;
; ai_board is only read. At levels 1 and 2 ai_entry needs 12 bytes of stack (its return
; address included), at levels 3 and up at most 256 (the search nests 4 bytes a ply; its
; frames and tables are in the free RAM &8000-&99FF, see search.asm), plus what the interrupt
; handler takes: it runs with interrupts on or off and never changes the interrupt state.
; It changes AF, BC, DE, HL and IX, never IY or the alternate registers (the deep search
; uses them and puts them back). It uses the mailbox of board.asm, so it must not run from
; an interrupt handler or while gen_legal or play_move run.

AI_PASS         equ &FF
AI_BAD_INPUT    equ &FE
AI_MAX_LEVEL    equ 2+W_SEARCH_LEVELS  ; W_SEARCH_LEVELS: weights.inc

ai_entry:
        ld hl,0
        ld (ai_score),hl
        ld (ai_nodes),hl
        ld (ai_nodes+2),hl
        ld (sr_best),hl
        xor a
        ld (sr_best_sq),a
        ld a,AI_BAD_INPUT
        ld (ai_move),a
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
        call book_lookup        ; the opening book first (book.asm)
        ret c                   ; in the book: ai_move and ai_score are set
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
        ret
ai_entry_pass:
        ld a,AI_PASS
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

ai_save_iy:     dw 0
ai_save_af:     dw 0
ai_save_bc:     dw 0
ai_save_de:     dw 0
ai_save_hl:     dw 0

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
